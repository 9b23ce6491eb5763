import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Deposit, DepositStatus } from '../../../contract/funds';
import type { Page, PageQuery } from '../../../contract/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { deposits } from '../../db/schema';
import { readableUserId, type AuthContext } from '../../lib/auth-context';
import { countWhere, paged } from '../../lib/paging';
import { depositViewQuery, toDepositView } from './service';

/** Deposits as the API shows them, newest first. */
function depositPage(db: DbOrTx, where: SQL | undefined, q: PageQuery): Promise<Page<Deposit>> {
  return paged(
    q,
    () => countWhere(db, deposits, where),
    async (limit, offset) =>
      (
        await depositViewQuery(db)
          .where(where)
          .orderBy(desc(deposits.createdAt), desc(deposits.id))
          .limit(limit)
          .offset(offset)
      ).map((r) => toDepositView(r.d, r.userName, r.referenceNumber, r.manual)),
  );
}

/** Every deposit (the caller is staff), filtered by status and user. */
export function listDeposits(
  db: DbOrTx,
  q: PageQuery & { status?: DepositStatus; userId?: number },
): Promise<Page<Deposit>> {
  return depositPage(
    db,
    and(q.status ? eq(deposits.status, q.status) : undefined, q.userId ? eq(deposits.userId, q.userId) : undefined),
    q,
  );
}

/** A user's deposits: their own, or anyone's for staff (403/404 otherwise). */
export async function listUserDeposits(
  db: Db,
  caller: AuthContext,
  userId: number,
  q: PageQuery,
): Promise<Page<Deposit>> {
  const id = await readableUserId(db, caller, userId);
  return depositPage(db, eq(deposits.userId, id), q);
}
