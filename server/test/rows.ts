import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * Tests only: the driver's raw rows of a statement, cast unchecked, for asserting on what is
 * stored (and, in driver-types.test.ts, on the drivers' own types). The app parses its raw
 * rows with `rowsOf` (server/db/rows.ts).
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
