import { and, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Investment, StaffInvestment, zInvestmentListQuery } from '../../../contract/investments';
import type { Page, PageQuery } from '../../../contract/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { investments, plans, users } from '../../db/schema';
import { loadUserFor, type AuthContext } from '../../lib/auth-context';
import { countWhere, paged } from '../../lib/paging';
import { toInvestment } from './view';

type ListQuery = z.output<typeof zInvestmentListQuery>;

/** Investments with their plan's name, newest first. */
function investmentPage(
  db: DbOrTx,
  where: SQL | undefined,
  q: PageQuery,
  holidays: ReadonlySet<string>,
): Promise<Page<Investment>> {
  return paged(
    q,
    () => countWhere(db, investments, where),
    async (limit, offset) => {
      const rows = await db
        .select({ i: investments, planName: plans.name })
        .from(investments)
        .innerJoin(plans, eq(plans.id, investments.planId))
        .where(where)
        .orderBy(desc(investments.createdAt), desc(investments.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => toInvestment(r.i, r.planName, holidays));
    },
  );
}

/** A user's investments: their own, or anyone's for staff (403/404 otherwise). */
export async function listInvestmentsOf(
  db: Db,
  caller: AuthContext,
  userId: number,
  q: PageQuery,
  holidays: ReadonlySet<string>,
): Promise<Page<Investment>> {
  const user = await loadUserFor(db, caller, userId, 'read');
  return investmentPage(db, eq(investments.userId, user.id), q, holidays);
}

/** Every investment (the caller is staff) with its owner's user name, filtered by status, plan, user and start date. */
export function listAllInvestments(
  db: DbOrTx,
  q: ListQuery,
  holidays: ReadonlySet<string>,
): Promise<Page<StaffInvestment>> {
  const where = and(
    q.status ? eq(investments.status, q.status) : undefined,
    q.planId ? eq(investments.planId, q.planId) : undefined,
    q.userId ? eq(investments.userId, q.userId) : undefined,
    q.startDate ? gte(investments.startDate, new Date(`${q.startDate}T00:00:00Z`)) : undefined,
  );
  return paged(
    q,
    () => countWhere(db, investments, where),
    async (limit, offset) => {
      const rows = await db
        .select({ i: investments, planName: plans.name, userName: users.userName })
        .from(investments)
        .innerJoin(plans, eq(plans.id, investments.planId))
        .innerJoin(users, eq(users.id, investments.userId))
        .where(where)
        .orderBy(desc(investments.createdAt), desc(investments.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({ ...toInvestment(r.i, r.planName, holidays), userName: r.userName }));
    },
  );
}
