import type { TFunction } from 'i18next';
import type { KycState } from '@contract/kyc';
import { formatMoney } from '../../../lib/format';

/** Where a user's verification stands, in words (keys spelled out whole for the catalogue check). */
export const KYC_STATUS = {
  not_submitted: 'kyc.status.not_submitted',
  pending: 'kyc.status.pending',
  approved: 'kyc.status.approved',
  rejected: 'kyc.status.rejected',
} as const satisfies Record<KycState['status'], string>;

/** What verification unlocks, from the site's settings: one whole sentence per case. */
export function kycNeededFor(t: TFunction<'account'>, requirements: KycState['requirements']): string {
  const above = requirements.aboveInvestment;
  if (requirements.forWithdrawal && above !== null)
    return t('kyc.neededFor.withdrawOrInvest', { amount: formatMoney(above) });
  if (requirements.forWithdrawal) return t('kyc.neededFor.withdraw');
  if (above !== null) return t('kyc.neededFor.invest', { amount: formatMoney(above) });
  return t('kyc.neededFor.none');
}
