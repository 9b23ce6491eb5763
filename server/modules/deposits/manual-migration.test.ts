import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../../db/client';
import { queryRows } from '../../test/rows';
import { insertUser } from '../../test/app';
import { createScratchDatabase } from '../../test/db';
import { listDeposits } from './queries';

/** The migrations folder as it was before `tag`: the database of an instance not yet upgraded. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = z
    .object({ entries: z.array(z.object({ tag: z.string() }).loose()) })
    .loose()
    .parse(JSON.parse(await readFile(file, 'utf8')));
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  await writeFile(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/** An empty database (not the suite's migrated template), on the driver the suite runs on. */
async function emptyDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const scratch = await createScratchDatabase(serverUrl, 't');
  const database = await openDatabase({ url: scratch.url, poolSize: 2 });
  return { ...database, close: async () => (await database.close(), await scratch.drop()) };
}

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
    const user = await insertUser(database);
    const admin = await insertUser(database, { role: 'admin' });
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
