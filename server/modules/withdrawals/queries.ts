import { z } from 'zod';
import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { WithdrawalList, WithdrawalStage, WithdrawalStatus } from '../../../contract/funds';
import { fromCents } from '../../../contract/money';
import type { PageQuery } from '../../../contract/pagination';
import type { Db, DbOrTx } from '../../db/client';
import * as col from '../../db/rows';
import { withdrawals } from '../../db/schema';
import { loadUserFor, type AuthContext } from '../../lib/auth-context';
import { countWhere, paged } from '../../lib/paging';
import { toWithdrawalView, withdrawalViewQuery } from './service';

const metricsRow = z.object({ total: col.count, pending: col.count, settled: col.count, amount: col.cents });

/** Which withdrawals a list shows: one user's or everyone's, in one status or any, at one stage or any. */
export interface WithdrawalFilter {
  userId?: number;
  status?: WithdrawalStatus;
  stage?: WithdrawalStage;
}

/** The filter as SQL, written once for the page and for its cards. */
const whereOf = (f: WithdrawalFilter): SQL | undefined =>
  and(
    f.userId !== undefined ? eq(withdrawals.userId, f.userId) : undefined,
    f.status ? eq(withdrawals.status, f.status) : undefined,
    f.stage === 'second-approval'
      ? and(eq(withdrawals.status, 'pending'), isNotNull(withdrawals.firstApprovedBy))
      : undefined,
  );

/** A page of withdrawals, newest first, and the cards' figures over what the filter selects but status and stage. */
export async function listWithdrawals(db: DbOrTx, filter: WithdrawalFilter, q: PageQuery): Promise<WithdrawalList> {
  const where = whereOf(filter);
  const page = await paged(
    q,
    () => countWhere(db, withdrawals, where),
    async (limit, offset) =>
      (
        await withdrawalViewQuery(db)
          .where(where)
          .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
          .limit(limit)
          .offset(offset)
      ).map((r) => toWithdrawalView(r.w, r.userName, r.referenceNumber)),
  );
  return { ...page, metrics: await withdrawalMetrics(db, whereOf({ userId: filter.userId })) };
}

/** A user's withdrawals (own, or any for staff: 403 otherwise, 404 when unknown), with their cards. */
export async function listUserWithdrawals(
  db: Db,
  caller: AuthContext,
  userId: number,
  q: PageQuery & { status?: WithdrawalStatus },
): Promise<WithdrawalList> {
  const user = await loadUserFor(db, caller, userId, 'read');
  return listWithdrawals(db, { userId: user.id, status: q.status }, q);
}

/** Count, pending count, settled total and settled average (half up to the cent) of the withdrawals `scope` selects. */
async function withdrawalMetrics(db: DbOrTx, scope: SQL | undefined): Promise<WithdrawalList['metrics']> {
  const [m] = await col.rowsOf(
    db,
    metricsRow,
    sql`select count(*) as total, count(*) filter (where status = 'pending') as pending, count(*) filter (where status = 'settled') as settled,
               coalesce(sum(amount) filter (where status = 'settled'), 0) as amount
        from ${withdrawals} ${scope ? sql`where ${scope}` : sql``}`,
  );
  const amount = m!.amount;
  const settled = BigInt(m!.settled);
  return {
    totalWithdrawals: m!.total,
    pendingWithdrawals: m!.pending,
    totalAmount: fromCents(amount),
    averageAmount: settled === 0n ? 0 : fromCents((amount * 2n + settled) / (settled * 2n)),
  };
}
