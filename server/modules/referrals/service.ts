import { eq } from 'drizzle-orm';
import { totalReturnCents } from '../../../contract/returns';
import type { DbOrTx } from '../../db/client';
import { referralBonuses, users } from '../../db/schema';
import { platformAccount, userAccount } from '../ledger/accounts';
import { post } from '../ledger/service';
import { recordTransaction } from '../transactions/service';
import { notifyUser } from '../notifications/notify';
import { noticeOf } from '../notifications/messages';

/** Referral levels from settings ('5', '2', '1' percent) as basis points. */
export const levelsToBp = (levels: string[]) => levels.map((l) => Math.round(Number(l) * 100));

/**
 * Pays each upline member their level's share of a new investment's principal, from
 * referral_expense, inside the investment's own transaction. Deleted or suspended
 * referrers are skipped (their level is not passed on), and a referral loop stops.
 */
export async function creditReferralBonuses(
  tx: DbOrTx,
  inv: { id: number; userId: number; principal: bigint },
  levelsBp: number[],
  now: Date,
): Promise<number> {
  let paid = 0;
  const seen = new Set<number>([inv.userId]);
  let [current] = await tx.select({ referrerId: users.referrerId }).from(users).where(eq(users.id, inv.userId));
  for (let level = 1; level <= levelsBp.length && current?.referrerId; level++) {
    const referrerId = current.referrerId;
    if (seen.has(referrerId)) break;
    seen.add(referrerId);
    const [referrer] = await tx
      .select({ status: users.status, deletedAt: users.deletedAt, referrerId: users.referrerId })
      .from(users)
      .where(eq(users.id, referrerId));
    const amount = totalReturnCents(inv.principal, levelsBp[level - 1]!);
    if (referrer && !referrer.deletedAt && referrer.status !== 'suspended' && amount > 0n) {
      const result = await post(tx, {
        idempotencyKey: `referral:${inv.id}:${level}`,
        kind: 'referral_bonus',
        description: `Level ${level} referral bonus`,
        postings: [
          { accountId: await platformAccount(tx, 'referral_expense'), amount: -amount },
          { accountId: await userAccount(tx, referrerId, 'available'), amount },
        ],
      });
      const transaction = await recordTransaction(tx, {
        userId: referrerId,
        type: 'referral_bonus',
        amount,
        status: 'completed',
        description: `Level ${level} referral bonus`,
        journalEntryId: result.entryId,
        now,
      });
      await tx.insert(referralBonuses).values({
        referrerId,
        refereeId: inv.userId,
        investmentId: inv.id,
        level,
        amount,
        transactionId: transaction.id,
        createdAt: now,
      });
      await notifyUser(tx, {
        userId: referrerId,
        notice: noticeOf('referral.bonus', { amount, level }),
        kind: 'referral',
      });
      paid += 1;
    }
    current = referrer;
  }
  return paid;
}
