import { formatDateTime } from '../../../lib/format';
import { formatAge, freshness } from './portfolio';

/** Spec §2: green within 300 s, else yellow; "Never" when no update time is known. */
export function FreshnessIndicator({
  lastUpdated,
  now,
  label = 'Rates updated',
}: {
  lastUpdated: string | null;
  now: number;
  label?: string;
}) {
  const f = freshness(lastUpdated, now);
  const dot = f.state === 'fresh' ? 'bg-emerald-500' : f.state === 'stale' ? 'bg-amber-400' : 'bg-slate-400';
  const text = f.state === 'never' ? 'Never' : formatAge(f.seconds);
  return (
    <span
      className="inline-flex items-center gap-2 text-sm"
      data-testid="rate-freshness"
      data-state={f.state}
      title={lastUpdated ? formatDateTime(lastUpdated) : undefined}
    >
      <span className={`size-2.5 rounded-full ${dot}`} aria-hidden="true" />
      <span className="text-muted">{label}:</span>
      <span className="font-semibold">{text}</span>
      <span className="sr-only">
        {f.state === 'fresh' ? '(fresh)' : f.state === 'stale' ? '(older than 5 minutes)' : ''}
      </span>
    </span>
  );
}
