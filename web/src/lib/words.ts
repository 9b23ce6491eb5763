import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MoneyStatus } from '@contract/funds';

// Keys spelled out whole, one per value, so the catalogue check sees each one used.
const STATUS = {
  pending: 'status.pending',
  review: 'status.review',
  paying: 'status.paying',
  settled: 'status.settled',
  completed: 'status.completed',
  expired: 'status.expired',
  invalid: 'status.invalid',
  failed: 'status.failed',
  cancelled: 'status.cancelled',
} as const satisfies Record<MoneyStatus, string>;

const PAYOUT_STATE = {
  Creating: 'payoutState.Creating',
  AwaitingApproval: 'payoutState.AwaitingApproval',
  AwaitingPayment: 'payoutState.AwaitingPayment',
  InProgress: 'payoutState.InProgress',
  Completed: 'payoutState.Completed',
  Cancelled: 'payoutState.Cancelled',
} as const;

const TRANSACTION_TYPE = {
  deposit: 'transactionType.deposit',
  manual_deposit: 'transactionType.manual_deposit',
  withdrawal: 'transactionType.withdrawal',
  investment: 'transactionType.investment',
  return: 'transactionType.return',
  principal_release: 'transactionType.principal_release',
  referral_bonus: 'transactionType.referral_bonus',
  adjustment: 'transactionType.adjustment',
} as const;

const has = <T extends object>(map: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(map, key);

/**
 * The shared words of money records in the active language: a status ("invalid" reads
 * Rejected, as STATUS_WORDS says in English), a BTCPay payout state, a transaction type.
 * An unknown value is shown as it is rather than hidden.
 */
export function useMoneyWords() {
  const { t } = useTranslation('common');
  return moneyWords(t);
}

/** The same words through a given `t` of the `common` namespace, for code outside a component. */
export function moneyWords(t: TFunction<'common'>) {
  return {
    status: (s: string) => (has(STATUS, s) ? t(STATUS[s]) : s),
    /** A status as a list filter offers it: a transaction's `failed` is a rejected or expired deposit or withdrawal. */
    statusFilter: (s: string) => (s === 'failed' ? t('status.rejectedOrExpired') : has(STATUS, s) ? t(STATUS[s]) : s),
    payoutState: (s: string) => (has(PAYOUT_STATE, s) ? t(PAYOUT_STATE[s]) : s),
    transactionType: (s: string) => (has(TRANSACTION_TYPE, s) ? t(TRANSACTION_TYPE[s]) : s),
  };
}
