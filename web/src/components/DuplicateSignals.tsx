import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DuplicateReason, DuplicateSignal } from '@contract/kyc';
import { Notice } from './Notice';

// Keys spelled out whole, one per reason, so the catalogue check sees each one used.
const REASON = {
  document_number: 'duplicates.reason.document_number',
  btc_wallet: 'duplicates.reason.btc_wallet',
  eth_wallet: 'duplicates.reason.eth_wallet',
  registration_ip: 'duplicates.reason.registration_ip',
} as const satisfies Record<DuplicateReason, string>;

/** Other accounts that look like the same person: a flag for staff to weigh, not a verdict. */
export function DuplicateSignals({ signals }: { signals: DuplicateSignal[] }) {
  const { t } = useTranslation('ui');
  if (signals.length === 0) return <p className="text-sm text-muted">{t('duplicates.none')}</p>;
  return (
    <Notice tone="warning" title={t('duplicates.title', { count: signals.length })} testId="duplicate-signals">
      <ul className="mt-1 flex flex-col gap-1">
        {signals.map((s) => (
          <li key={s.userId}>
            <Flag className="mr-1 inline size-3" aria-hidden="true" />
            <span className="font-medium">{s.userName}</span> (#{s.userId}, {s.email}):{' '}
            {s.reasons.map((r) => t(REASON[r])).join(', ')}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
