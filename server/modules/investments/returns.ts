import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { Investment, ReturnUpdate } from '../../../contract/investments';
import { fromCents } from '../../../contract/money';
import type { Page, PageQuery } from '../../../contract/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { investments, plans, returnUpdates, transactions, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import { countedRows, paged } from '../../lib/paging';
import type { AuditActor } from '../audit/service';
import { cancelInvestment } from './cancel';
import { toInvestment } from './view';

/** Daily payouts with their investor, plan and transaction reference, newest first. */
function returnPage(db: DbOrTx, where: SQL | undefined, q: PageQuery): Promise<Page<ReturnUpdate>> {
  return paged(
    q,
    async () =>
      // Every payout, unfiltered: the kept count of return_updates, not a count of millions of rows.
      where === undefined
        ? countedRows(db, 'return_updates')
        : ((
            await db
              .select({ n: count() })
              .from(returnUpdates)
              .innerJoin(investments, eq(investments.id, returnUpdates.investmentId))
              .where(where)
          )[0]?.n ?? 0),
    async (limit, offset) => {
      const rows = await db
        .select({ r: returnUpdates, userName: users.userName, planName: plans.name, ref: transactions.referenceNumber })
        .from(returnUpdates)
        .innerJoin(investments, eq(investments.id, returnUpdates.investmentId))
        .innerJoin(users, eq(users.id, investments.userId))
        .innerJoin(plans, eq(plans.id, investments.planId))
        .leftJoin(transactions, eq(transactions.id, returnUpdates.transactionId))
        .where(where)
        .orderBy(desc(returnUpdates.payoutDate), desc(returnUpdates.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ r, userName, planName, ref }) => ({
        id: r.id,
        investmentId: r.investmentId,
        dayIndex: r.dayIndex,
        increment: fromCents(r.amount),
        payoutDate: r.payoutDate.toISOString(),
        userName,
        planName,
        transactionAmount: fromCents(r.amount),
        transactionType: 'return',
        referenceNumber: ref,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );
}

/**
 * One investment's payouts, for its owner or staff; someone else's investment is as missing as an unknown one
 * (404).
 */
export async function listInvestmentReturns(
  db: DbOrTx,
  caller: AuthContext,
  investmentId: number,
  q: PageQuery,
): Promise<Page<ReturnUpdate>> {
  const [inv] = await db
    .select({ userId: investments.userId })
    .from(investments)
    .where(eq(investments.id, investmentId));
  // Someone else's investment looks the same as a missing one.
  if (!inv || (inv.userId !== caller.userId && caller.role === 'user')) throw notFound('Investment not found');
  return returnPage(db, eq(returnUpdates.investmentId, investmentId), q);
}

/** Every payout (the caller is staff). */
export function listAllReturns(db: DbOrTx, q: PageQuery): Promise<Page<ReturnUpdate>> {
  return returnPage(db, undefined, q);
}

/** A user's payouts across investments: their own, or anyone's for staff (404 otherwise). */
export async function listUserReturns(
  db: DbOrTx,
  caller: AuthContext,
  userId: number,
  q: PageQuery,
): Promise<Page<ReturnUpdate>> {
  if (caller.userId !== userId && caller.role === 'user') throw notFound('User not found');
  return returnPage(db, eq(investments.userId, userId), q);
}

/** Admin cancel (see `cancelInvestment`), answered as the investment view. */
export async function cancelInvestmentView(
  db: Db,
  id: number,
  actor: AuditActor,
  now: Date,
  holidays: ReadonlySet<string>,
): Promise<Investment> {
  const inv = await cancelInvestment(db, id, actor, now);
  const [plan] = await db.select({ name: plans.name }).from(plans).where(eq(plans.id, inv.planId));
  return toInvestment(inv, plan!.name, holidays);
}
