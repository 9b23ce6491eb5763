import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../test/rows';
import { createTestDatabase } from '../test/db';
import type { Database } from './client';
import { refreshStatistics } from './statistics';
import { tableStatisticsJob } from '../jobs';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/**
 * Inserts `n` users, their counts in the table statistics as the transaction ends: a server
 * otherwise reports a connection's counts when it has been idle a while (up to a second later).
 */
const insertUsers = (prefix: string, n: number) =>
  database.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into users (user_name, email, password_hash) select ${prefix} || g, ${prefix} || g || '@example.test', 'x' from generate_series(1, ${n}) g`,
    );
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });

const usersRow = async () =>
  (
    await queryRows<{ reltuples: number; stale: boolean }>(
      database.db,
      sql`select c.reltuples::float8 as reltuples, s.n_mod_since_analyze > 50 + 0.1 * greatest(s.n_live_tup, 0) as stale
          from pg_class c join pg_stat_user_tables s on s.relid = c.oid
          where c.oid = 'users'::regclass`,
    )
  )[0]!;

describe('table statistics (PGlite has no autovacuum)', () => {
  it('analyzes every table never analyzed, however few its rows', async () => {
    await refreshStatistics(database.db);
    const never = await queryRows(
      database.db,
      sql`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind = 'r' and c.reltuples < 0`,
    );
    expect(never).toEqual([]);
  });

  it('analyzes the tables with many changed rows, then nothing until enough change again', async () => {
    await insertUsers('stat', 2000);
    // Runs as the job does. On PostgreSQL autovacuum may have been first; either way users ends analyzed.
    await tableStatisticsJob.run(database.db, new Date());
    expect(await usersRow()).toEqual({ reltuples: 2000, stale: false });
    expect(await refreshStatistics(database.db)).toBe(0);
    // A few more rows are under the threshold: the statistics stand as they are.
    await insertUsers('more', 20);
    expect(await refreshStatistics(database.db)).toBe(0);
    expect((await usersRow()).reltuples).toBe(2000);
  });
});
