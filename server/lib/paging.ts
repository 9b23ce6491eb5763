import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { rowCounts } from '../db/schema';
import { pageOf, type Page, type PageQuery } from '../../contract/pagination';

/** One page of a list: the total and the page's rows, fetched together. */
export async function paged<T>(
  q: PageQuery,
  total: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const [n, data] = await Promise.all([total(), rows(q.limit, (q.page - 1) * q.limit)]);
  return pageOf(data, n, q);
}

/** How many rows of `table` match `where` (all of them without one): the total of a paged list. */
export async function countWhere(db: DbOrTx, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * The number of rows of a table whose row_counts triggers keep it (migrations 0026, 0030): exact,
 * and read from a few delta rows instead of counting millions.
 */
export async function countedRows(
  db: DbOrTx,
  table: 'activity_logs' | 'return_updates' | 'notifications',
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | null>`sum(${rowCounts.n})` })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, table));
  return Number(row?.n ?? 0);
}
