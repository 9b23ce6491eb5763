import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fromCents } from '../../../contract/money';
import type { Page, PageQuery } from '../../../contract/pagination';
import type { Referral, ReferralBalance } from '../../../contract/referrals';
import type { Db, DbOrTx } from '../../db/client';
import { referralBonuses, users } from '../../db/schema';
import { readableUserId, type AuthContext } from '../../lib/auth-context';
import { countWhere, paged } from '../../lib/paging';

const referrer = alias(users, 'referrer');

/** Referees with the bonus income each brought their referrer, newest first. */
function referralPage(db: DbOrTx, where: SQL, q: PageQuery): Promise<Page<Referral>> {
  return paged(
    q,
    () => countWhere(db, users, where),
    async (limit, offset) => {
      const income = sql<string>`coalesce((select sum(b.amount) from ${referralBonuses} b where b.referee_id = ${users.id} and b.referrer_id = ${users.referrerId}), 0)`;
      const rows = await db
        .select({
          id: users.id,
          userName: users.userName,
          createdAt: users.createdAt,
          income,
          referrerId: users.referrerId,
          referrerUserName: referrer.userName,
        })
        .from(users)
        .leftJoin(referrer, eq(referrer.id, users.referrerId))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        id: r.id,
        userName: r.userName,
        registrationDate: r.createdAt.toISOString(),
        totalTransactions: fromCents(BigInt(r.income)),
        referrerId: r.referrerId,
        referrerUserName: r.referrerUserName,
      }));
    },
  );
}

/** A user's direct referrals: their own, or anyone's for staff (403/404 otherwise). */
export async function listReferralsOf(
  db: Db,
  caller: AuthContext,
  userId: number,
  q: PageQuery,
): Promise<Page<Referral>> {
  const id = await readableUserId(db, caller, userId);
  return referralPage(db, and(eq(users.referrerId, id), isNull(users.deletedAt))!, q);
}

/** Every referred user (the caller is staff). */
export function listAllReferrals(db: DbOrTx, q: PageQuery): Promise<Page<Referral>> {
  return referralPage(db, and(isNotNull(users.referrerId), isNull(users.deletedAt))!, q);
}

/** A user's total referral income: their own, or anyone's for staff. */
export async function referralBalanceOf(db: Db, caller: AuthContext, userId: number): Promise<ReferralBalance> {
  const id = await readableUserId(db, caller, userId);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${referralBonuses.amount}), 0)` })
    .from(referralBonuses)
    .where(eq(referralBonuses.referrerId, id));
  return { userId: id, totalReferralBonus: fromCents(BigInt(row?.total ?? '0')) };
}
