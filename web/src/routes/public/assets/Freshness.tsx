import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { formatAge, freshness } from './portfolio';

/** Spec §2: green within 300 s, else yellow; "Never" when no update time is known. */
export function FreshnessIndicator({
  lastUpdated,
  now,
  label,
}: {
  lastUpdated: string | null;
  now: number;
  /** "Rates updated:" unless given. */
  label?: string;
}) {
  const { t } = useTranslation('publicPages');
  const f = freshness(lastUpdated, now);
  const dot = f.state === 'fresh' ? 'bg-emerald-500' : f.state === 'stale' ? 'bg-amber-400' : 'bg-slate-400';
  const text = f.state === 'never' ? t('assets.freshness.never') : formatAge(f.seconds, t);
  return (
    <span
      className="inline-flex items-center gap-2 text-sm"
      data-testid="rate-freshness"
      data-state={f.state}
      title={lastUpdated ? formatDateTime(lastUpdated) : undefined}
    >
      <span className={`size-2.5 rounded-full ${dot}`} aria-hidden="true" />
      <span className="text-muted">{label ?? t('assets.freshness.ratesUpdated')}</span>
      <span className="font-semibold">{text}</span>
      <span className="sr-only">
        {f.state === 'fresh' ? t('assets.freshness.fresh') : f.state === 'stale' ? t('assets.freshness.stale') : ''}
      </span>
    </span>
  );
}
