import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createScratchDatabase } from '../../test/db';

/** The migrations folder as it was before one status and activity kinds: a database not yet upgraded. */
async function migrationsBefore(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = z
    .object({ entries: z.array(z.object({ tag: z.string() }).loose()) })
    .loose()
    .parse(JSON.parse(await readFile(file, 'utf8')));
  const at = journal.entries.findIndex((e) => e.tag.endsWith('_account_status_and_activity_kinds'));
  expect(at).toBeGreaterThan(0);
  await writeFile(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

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
  oldMigrations = await migrationsBefore();
});
afterAll(async () => {
  await database.close();
  await rm(oldMigrations, { recursive: true, force: true });
});

describe('the account status and activity kinds migration', () => {
  it('turns "inactive" into active (the email flag still says unconfirmed) and files old activity by kind', async () => {
    await database.migrate(oldMigrations);
    await database.db.execute(sql`insert into users (user_name, email, password_hash, status, is_email_verified) values
      ('was_inactive', 'a@example.test', 'x', 'inactive', false),
      ('was_suspended', 'b@example.test', 'x', 'suspended', true)`);
    await database.db.execute(sql`insert into activity_logs (action) values
      ('Visited Dashboard'), ('Logged in'), ('Logged in with Google'), ('Changed password'), ('Requested withdrawal 7')`);

    await database.migrate();

    const users = await rowsOf(
      database.db,
      z.object({ user_name: z.string(), status: z.string(), is_email_verified: z.boolean() }),
      sql`select user_name, status::text as status, is_email_verified from users order by user_name`,
    );
    expect(users).toEqual([
      { user_name: 'was_inactive', status: 'active', is_email_verified: false },
      { user_name: 'was_suspended', status: 'suspended', is_email_verified: true },
    ]);
    const kinds = await rowsOf(
      database.db,
      z.object({ action: z.string(), kind: z.string() }),
      sql`select action, kind from activity_logs order by id`,
    );
    expect(kinds.map((k) => [k.action, k.kind])).toEqual([
      ['Visited Dashboard', 'page_view'],
      ['Logged in', 'security'],
      ['Logged in with Google', 'security'],
      ['Changed password', 'security'],
      ['Requested withdrawal 7', 'action'],
    ]);
  });
});
