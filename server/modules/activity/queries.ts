import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { ActivityFilter, ActivityLog, ActivityQuery } from '../../../contract/activity';
import type { Page, PageQuery } from '../../../contract/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { activityLogs } from '../../db/schema';
import { readableUserId, type AuthContext } from '../../lib/auth-context';
import { countWhere, countedRows, paged } from '../../lib/paging';

function activityPage(db: DbOrTx, where: SQL | undefined, q: PageQuery): Promise<Page<ActivityLog>> {
  return paged(
    q,
    // Every user's activity, unfiltered, is the whole table: its kept count, not a count of a million rows.
    () => (where ? countWhere(db, activityLogs, where) : countedRows(db, 'activity_logs')),
    async (limit, offset) => {
      const rows = await db
        .select()
        .from(activityLogs)
        .where(where)
        .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        action: r.action,
        kind: r.kind,
        deviceInfo: { method: r.method, path: r.path, browser: r.browser, os: r.os, device: r.device },
        ip: r.ip,
        userAgent: r.userAgent,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );
}

const kindIs = (filter: ActivityFilter | undefined): SQL | undefined =>
  filter === undefined
    ? undefined
    : filter === 'events'
      ? ne(activityLogs.kind, 'page_view')
      : eq(activityLogs.kind, filter);

/** Every activity row, newest first (the caller is staff). */
export function listActivity(db: DbOrTx, q: ActivityQuery): Promise<Page<ActivityLog>> {
  return activityPage(db, kindIs(q.kind), q);
}

/** One user's activity, newest first: their own, or anyone's for staff (403/404 otherwise). */
export async function listUserActivity(
  db: Db,
  caller: AuthContext,
  userId: number,
  q: ActivityQuery,
): Promise<Page<ActivityLog>> {
  const id = await readableUserId(db, caller, userId);
  return activityPage(db, and(eq(activityLogs.userId, id), kindIs(q.kind)), q);
}
