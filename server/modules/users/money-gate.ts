import { formatDateTimeUtc } from '../../../contract/dates';
import type { ErrorCode } from '../../../contract/errors';
import { WithdrawMsg } from '../../../contract/funds';
import { InvestMsg } from '../../../contract/investments';
import { AccountMsg } from '../../../contract/users';
import type { SiteSettings } from '../../../contract/settings';
import type { users } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type MoneyAction = 'deposit' | 'invest' | 'withdraw';

export interface MoneyRefusal {
  code: ErrorCode;
  message: string;
}

type Account = Pick<typeof users.$inferSelect, 'status' | 'isEmailVerified'> & { securityHoldUntil?: Date | null };

/** The end of a user's security hold when it is still running (withdrawals wait for it). */
export const holdUntil = (user: Account, now: Date): Date | null =>
  user.securityHoldUntil && user.securityHoldUntil > now ? user.securityHoldUntil : null;

/**
 * Why this account may not move money now, or null: the one rule for deposit, invest and
 * withdraw, with one code and one message per reason, in the order a user would fix them.
 * The withdrawal quote shows the same refusal the request would get.
 */
export function moneyRefusal(
  settings: SiteSettings,
  user: Account,
  action: MoneyAction,
  now: Date,
): MoneyRefusal | null {
  if (settings.maintenanceMode) return { code: 'MAINTENANCE', message: InvestMsg.maintenance };
  if (user.status !== 'active') return { code: 'ACCOUNT_NOT_ACTIVE', message: AccountMsg.suspended };
  if (!user.isEmailVerified) return { code: 'EMAIL_NOT_VERIFIED', message: AccountMsg.confirmEmailTo(action) };
  const hold = action === 'withdraw' ? holdUntil(user, now) : null;
  if (hold)
    return {
      code: 'SECURITY_HOLD',
      message: WithdrawMsg.securityHold(formatDateTimeUtc(hold)),
    };
  return null;
}

/**
 * Throws the refusal of `moneyRefusal`: 503 MAINTENANCE, 403 EMAIL_NOT_VERIFIED, 422 ACCOUNT_NOT_ACTIVE or
 * SECURITY_HOLD.
 */
export function assertCanMoveMoney(settings: SiteSettings, user: Account, action: MoneyAction, now: Date): void {
  const refusal = moneyRefusal(settings, user, action, now);
  if (refusal) throw new AppError(refusal.code, refusal.message);
}
