import { and, desc, eq, gte, ilike, like, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditEntry, zAuditLogQuery } from '../../../contract/audit';
import type { Page } from '../../../contract/pagination';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';
import { validationFailed } from '../../lib/errors';
import { countWhere, paged } from '../../lib/paging';

type Query = z.output<typeof zAuditLogQuery>;
const DAY_MS = 86_400_000;

/** A date-only `to` covers that whole day (UTC); an instant is taken as given. */
const startOf = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
const endOf = (v: string) =>
  v.length === 10 ? new Date(startOf(v).getTime() + DAY_MS) : new Date(new Date(v).getTime() + 1);

/** The audit log, newest first, filtered. Throws VALIDATION_FAILED when `from` is after `to`. */
export async function listAuditLog(db: DbOrTx, q: Query): Promise<Page<AuditEntry>> {
  const from = q.from ? startOf(q.from) : null;
  const to = q.to ? endOf(q.to) : null;
  if (from && to && from >= to)
    throw validationFailed('The start date must be before the end date', [
      { field: 'from', message: 'The start date must be before the end date' },
    ]);
  const where: SQL | undefined = and(
    // `deposit` finds deposit.approve and deposit.reject; the schema allows only [a-z_.], so no LIKE escapes are
    // needed.
    q.action ? or(eq(auditLog.action, q.action), like(auditLog.action, `${q.action}.%`)) : undefined,
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    // Part of the user name the record kept (`%`, `_` and `\` taken literally).
    q.actor ? ilike(auditLog.actorUserName, `%${q.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    q.targetType ? eq(auditLog.targetType, q.targetType) : undefined,
    q.targetId ? eq(auditLog.targetId, q.targetId) : undefined,
    from ? gte(auditLog.createdAt, from) : undefined,
    to ? lt(auditLog.createdAt, to) : undefined,
  );
  return paged(
    q,
    () => countWhere(db, auditLog, where),
    async (limit, offset) => {
      const rows = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  );
}
