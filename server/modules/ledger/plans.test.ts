import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../test/rows';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { entryBalancesSql } from './entries';
import { inVerifySnapshot } from './verify';

/**
 * The ledger's set-based statements run once per accrual batch, so a plan that reads a whole table
 * makes a run quadratic in the platform's size. PGlite never gathers statistics (it has no
 * autovacuum), so these plans must be index-driven by their shape, not by the planner's estimates.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  // Thousands of accounts (each user gets theirs on insert) and of postings, none of them analyzed.
  await database.db.execute(
    sql`insert into users (user_name, email, password_hash) select 'plan' || g, 'plan' || g || '@example.test', 'x' from generate_series(1, 2000) g`,
  );
  await database.db.execute(sql`
    with e as (
      insert into journal_entries (idempotency_key, kind)
      select 'plan-fund:' || a.id || ':' || g, 'test' from ledger_accounts a cross join generate_series(1, 3) g where a.kind = 'available' returning id, idempotency_key
    )
    insert into postings (entry_id, account_id, amount)
    select e.id, (select id from ledger_accounts where user_id is null and kind = 'external_deposits'), -100 from e
    union all
    select e.id, split_part(e.idempotency_key, ':', 2)::bigint, 100 from e`);
});
afterAll(() => database.close());

const planOf = async (statement: SQL) =>
  (await queryRows<{ 'QUERY PLAN': string }>(database.db, sql`explain ${statement}`))
    .map((r) => r['QUERY PLAN'])
    .join('\n');

describe('ledger statement plans without statistics', () => {
  it("moves an entry's balances by reading its accounts through the primary key, never scanning them all", async () => {
    const [entry] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into journal_entries (idempotency_key, kind) values ('plan-test', 'test') returning id`,
    );
    const plan = await planOf(entryBalancesSql(Number(entry!.id)));
    expect(plan).toContain('ledger_accounts_pkey');
    expect(plan).not.toMatch(/Seq Scan on ledger_accounts/);
  });

  it('verifies the ledger in one read-only snapshot with nested loops off, so each check is whole-table joins whatever the statistics', async () => {
    const [settings] = await inVerifySnapshot(database.db, (tx) =>
      queryRows(
        tx,
        sql`select current_setting('enable_nestloop') as nestloop, current_setting('transaction_read_only') as read_only,
                   current_setting('transaction_isolation') as isolation`,
      ),
    );
    expect(settings).toEqual({ nestloop: 'off', read_only: 'on', isolation: 'repeatable read' });
    // The setting is the transaction's own: the connection goes back to the pool as it was.
    const [after] = await queryRows(database.db, sql`select current_setting('enable_nestloop') as nestloop`);
    expect(after).toEqual({ nestloop: 'on' });
  });
});
