import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client';
import { rowsOf } from './rows';
import { nextTurn } from '../lib/event-loop';

const staleRow = z.object({ name: z.string() });

/**
 * ANALYZEs each of the app's tables whose rows changed by more than PostgreSQL's autovacuum lets
 * pass before it does the same (50 rows and 10% of the table, its defaults), and each never
 * analyzed (a database from before this job, or one whose change counts an unclean stop reset),
 * one table at a time with a turn of the event loop between them. PGlite has no autovacuum:
 * without this its planner never has statistics and plans from guesses, which made whole-table
 * joins quadratic as the data grew (ledger/plans.test.ts). On PostgreSQL autovacuum has usually
 * been first, and this finds nothing to do. Returns how many tables it analyzed.
 */
export async function refreshStatistics(db: Db): Promise<number> {
  const stale = await rowsOf(
    db,
    staleRow,
    sql`select s.relname as name from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = current_schema()
          and (s.n_mod_since_analyze > 50 + 0.1 * greatest(s.n_live_tup, 0) or c.reltuples < 0)
        order by s.n_mod_since_analyze desc`,
  );
  for (const { name } of stale) {
    await db.execute(sql`analyze ${sql.identifier(name)}`);
    // On PGlite an ANALYZE holds the server's only thread: requests that came meanwhile go first.
    await nextTurn();
  }
  return stale.length;
}
