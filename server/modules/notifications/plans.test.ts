import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../test/rows';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { queueDeliveriesSql } from './notify';

/**
 * Every notice the platform writes queues its email and Telegram copies through one statement, on
 * the hot money paths and once per accrual batch. PGlite never gathers statistics (until the
 * table-statistics job runs), so that statement must read each recipient by the primary key by
 * its shape, not by the planner's estimates.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`insert into users (user_name, email, password_hash) select 'plan' || g, 'plan' || g || '@example.test', 'x' from generate_series(1, 3000) g`,
  );
});
afterAll(() => database.close());

describe('notice delivery plan without statistics', () => {
  it('reads each recipient through the primary key, never the live users one after another', async () => {
    const notices = sql`select id, recipient_id, kind from notifications where id = any(array[1, 2, 3]::bigint[])`;
    const plan = (await queryRows<{ 'QUERY PLAN': string }>(database.db, sql`explain ${queueDeliveriesSql(notices)}`))
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('users_pkey');
    expect(plan).not.toMatch(/users_live_created_idx|Seq Scan on users/);
  });
});
