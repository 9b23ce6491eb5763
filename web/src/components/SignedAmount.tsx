import { useTranslation } from 'react-i18next';
import { transactionDirection } from '@contract/funds';
import { formatMoney } from '../lib/format';

/** An amount with its direction: "+$6,000.00" in (green), "-$5,000.00" out. */
export function SignedAmount({ tx }: { tx: { type: string; amount: number } }) {
  const { t } = useTranslation('ui');
  const direction = transactionDirection(tx.type, tx.amount);
  const amount = direction === 'out' ? -Math.abs(tx.amount) : Math.abs(tx.amount);
  return (
    <span
      data-testid="tx-amount"
      data-direction={direction}
      className={direction === 'in' ? 'text-emerald-700 dark:text-emerald-400' : 'text-fg'}
    >
      {formatMoney(amount, { sign: true })}
      <span className="sr-only"> {direction === 'in' ? t('amount.in') : t('amount.out')}</span>
    </span>
  );
}
