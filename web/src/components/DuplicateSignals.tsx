import { Flag } from 'lucide-react';
import { DUPLICATE_REASON_LABELS, type DuplicateSignal } from '@contract/kyc';
import { Notice } from './Notice';

/** Other accounts that look like the same person: a flag for staff to weigh, not a verdict. */
export function DuplicateSignals({ signals }: { signals: DuplicateSignal[] }) {
  if (signals.length === 0)
    return (
      <p className="text-sm text-muted">
        No other account shares this document number, a payout wallet or the registration IP.
      </p>
    );
  return (
    <Notice
      tone="warning"
      title={`${signals.length} other ${signals.length === 1 ? 'account looks' : 'accounts look'} like the same person`}
      testId="duplicate-signals"
    >
      <ul className="mt-1 flex flex-col gap-1">
        {signals.map((s) => (
          <li key={s.userId}>
            <Flag className="mr-1 inline size-3" aria-hidden="true" />
            <span className="font-medium">{s.userName}</span> (#{s.userId}, {s.email}):{' '}
            {s.reasons.map((r) => DUPLICATE_REASON_LABELS[r]).join(', ')}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
