import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../test/rows';
import { emptyDatabase, insertOldUser, migrationsBefore } from '../../test/migrations';
import { listDeposits } from './queries';

let database: Database;
let oldMigrations: string;
beforeAll(async () => {
  database = await emptyDatabase();
  oldMigrations = await migrationsBefore('0019_manual_deposits_listed');
});
afterAll(async () => {
  await database.close();
  await rm(oldMigrations, { recursive: true, force: true });
});

const transaction = async (userId: number, ref: string, type: string, status: string, method: string, text: string) =>
  Number(
    (
      await queryRows<{ id: string }>(
        database.db,
        sql`insert into transactions (reference_number, user_id, type, amount, currency, status, payment_method, description)
            values (${ref}, ${userId}, ${type}, 15000, 'USD', ${status}, ${method}, ${text}) returning id`,
      )
    )[0]!.id,
  );

describe('migration 0019 (manual deposits listed)', () => {
  it('lists every earlier manual deposit as a settled deposit and drops "awaiting confirmation"', async () => {
    await database.migrate(oldMigrations);
    const user = await insertOldUser(database);
    const admin = await insertOldUser(database, 'admin');
    const manual = await transaction(user, 'TX-AAAA-AAAA-AAA1', 'manual_deposit', 'completed', 'USDT', 'Wire 42');
    await database.db.execute(sql`update transactions set created_by = ${admin} where id = ${manual}`);
    await transaction(user, 'TX-AAAA-AAAA-AAA2', 'manual_deposit', 'completed', 'BTC', 'Manual deposit (BTC)');
    const paid = await transaction(
      user,
      'TX-AAAA-AAAA-AAA3',
      'deposit',
      'completed',
      'BTC',
      'Deposit (BTC), awaiting confirmation',
    );
    await database.db.execute(
      sql`insert into deposits (user_id, transaction_id, amount, currency, status) values (${user}, ${paid}, 15000, 'BTC', 'settled')`,
    );

    await database.migrate();

    const list = await listDeposits(database.db, { page: 1, limit: 10, userId: user });
    expect(list.data.map((d) => [d.referenceNumber, d.status, d.manual, d.currency, d.amount, d.notes]).sort()).toEqual(
      [
        ['TX-AAAA-AAAA-AAA1', 'settled', true, 'USDT', 150, 'Wire 42'],
        ['TX-AAAA-AAAA-AAA2', 'settled', true, 'BTC', 150, ''],
        ['TX-AAAA-AAAA-AAA3', 'settled', false, 'BTC', 150, ''],
      ],
    );
    const [decided] = await queryRows<{ decided_by: string }>(
      database.db,
      sql`select decided_by from deposits where transaction_id = ${manual}`,
    );
    expect(Number(decided!.decided_by)).toBe(admin);
    const texts = await queryRows<{ description: string }>(
      database.db,
      sql`select description from transactions where id = ${paid}`,
    );
    expect(texts).toEqual([{ description: 'Deposit (BTC)' }]);
  });
});
