import { KYC_REQUIRED, KycMsg } from '../../../contract/kyc';
import { toCents } from '../../../contract/money';
import type { SiteSettings } from '../../../contract/settings';
import type { DbOrTx } from '../../db/client';
import { currentKycStatus } from './service';

export interface KycProblem {
  message: string;
  code: typeof KYC_REQUIRED;
}

/**
 * Whether identity verification stops this money movement, from site settings: every
 * withdrawal when `kycRequiredForWithdrawal`, and investments above
 * `kycRequiredAboveInvestment`. The message says what to do next; the code lets a client
 * link to the Verification page.
 */
export async function kycGate(
  db: DbOrTx,
  settings: SiteSettings,
  userId: number,
  action: { kind: 'withdraw' } | { kind: 'invest'; amount: bigint },
): Promise<KycProblem | null> {
  let pending: string;
  let missing: string;
  if (action.kind === 'withdraw') {
    if (!settings.kycRequiredForWithdrawal) return null;
    [pending, missing] = [KycMsg.pendingToWithdraw, KycMsg.requiredToWithdraw];
  } else {
    if (!settings.kycRequiredAboveInvestment) return null;
    const limit = toCents(settings.kycRequiredAboveInvestment);
    if (action.amount <= limit) return null;
    [pending, missing] = [KycMsg.pendingToInvest(limit), KycMsg.requiredToInvest(limit)];
  }
  const status = await currentKycStatus(db, userId);
  if (status === 'approved') return null;
  return { message: status === 'pending' ? pending : missing, code: KYC_REQUIRED };
}
