import { eq } from 'drizzle-orm';
import { PayoutMsg, type PayoutDetailsUpdate } from '../../../contract/funds';
import type { Profile } from '../../../contract/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { loadUserFor, type AuthContext, type UserRow } from '../../lib/auth-context';
import type { ClientInfo } from '../../lib/client-info';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { SecretBox } from '../../lib/secrets';
import { recordActivity } from '../activity/service';
import { verifySecondFactor } from '../twofactor/service';
import { toProfile } from './profile';

/**
 * Changes where the caller's withdrawals go (wallets, bank). Only the owner may, with the
 * password and, when 2FA is on, a code. A real change starts the security hold, and the
 * activity row commits with it. Throws FORBIDDEN, VALIDATION_FAILED, WRONG_PASSWORD, INVALID_OTP.
 */
export async function changePayoutDetails(
  db: Db,
  box: SecretBox,
  caller: AuthContext,
  userId: number,
  input: PayoutDetailsUpdate,
  opts: { now: Date; holdMs: number; client: ClientInfo },
): Promise<Profile> {
  // Only the owner: nobody else (staff included) redirects someone's withdrawals.
  if (caller.userId !== userId) throw new AppError('FORBIDDEN', 'You can only change your own payout details');
  const user = await loadUserFor(db, caller, caller.userId, 'write');
  if (!input.currentPassword)
    throw new AppError('VALIDATION_FAILED', PayoutMsg.passwordRequired, [
      { field: 'currentPassword', message: PayoutMsg.passwordRequired },
    ]);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw new AppError('WRONG_PASSWORD', PayoutMsg.wrongPassword);
  const { now } = opts;
  if (user.twoFactorEnabled) {
    if (!input.totpCode)
      throw new AppError('VALIDATION_FAILED', PayoutMsg.totpRequired, [
        { field: 'totpCode', message: PayoutMsg.totpRequired },
      ]);
    if (!(await verifySecondFactor(db, box, user, input.totpCode, now)))
      throw new AppError('INVALID_OTP', PayoutMsg.wrongTotp);
  }
  const set = payoutChange(input);
  if (!isChange(user, set, input)) return toProfile(user);
  // A new destination pauses withdrawals for the hold: a stolen session cannot redirect money at once.
  const holdUntil = new Date(now.getTime() + opts.holdMs);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...set, securityHoldUntil: holdUntil, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await recordActivity(tx, {
      userId: caller.userId,
      action: 'Changed payout details',
      client: opts.client,
      kind: 'security',
    });
    return updated!;
  });
  return toProfile(row);
}

/** The user columns an update sets. */
function payoutChange(b: PayoutDetailsUpdate): Partial<typeof users.$inferInsert> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (b.btcWallet !== undefined) set.btcWalletAddress = b.btcWallet;
  if (b.ethWallet !== undefined) set.ethWalletAddress = b.ethWallet;
  if (b.bank)
    Object.assign(set, {
      bankAccountHolder: b.bank.accountHolder,
      bankName: b.bank.bankName,
      bankAccountNumber: b.bank.accountNumber,
      bankSwift: b.bank.swift.toUpperCase(),
    });
  return set;
}

/** Whether the update changes any saved destination. */
function isChange(user: UserRow, set: Partial<typeof users.$inferInsert>, b: PayoutDetailsUpdate): boolean {
  return (
    (set.btcWalletAddress !== undefined && set.btcWalletAddress !== user.btcWalletAddress) ||
    (set.ethWalletAddress !== undefined && set.ethWalletAddress !== user.ethWalletAddress) ||
    (b.bank !== undefined &&
      [user.bankAccountHolder, user.bankName, user.bankAccountNumber, user.bankSwift].join('\n') !==
        [set.bankAccountHolder, set.bankName, set.bankAccountNumber, set.bankSwift].join('\n'))
  );
}
