import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../db/client';
import { createScratchDatabase } from './db';
import { queryRows } from './rows';

const zJournal = z.object({ entries: z.array(z.object({ tag: z.string() }).loose()) }).loose();

/**
 * A copy of the migrations folder as it was before the migration whose tag ends with `tagEnd`:
 * the database of an instance not yet upgraded (numbering may change as migrations are merged).
 */
export async function migrationsBefore(tagEnd: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = zJournal.parse(JSON.parse(await readFile(file, 'utf8')));
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tagEnd));
  if (at <= 0) throw new Error(`no migration ending with ${tagEnd} after the first`);
  await writeFile(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/** An empty database (not the suite's migrated template), on the driver the suite runs on. */
export async function emptyDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const scratch = await createScratchDatabase(serverUrl, 't');
  const database = await openDatabase({ url: scratch.url, poolSize: 2 });
  return { ...database, close: async () => (await database.close(), await scratch.drop()) };
}

let oldUsers = 0;

/**
 * A user in a database of an older schema: only the columns every version has, since drizzle's
 * insert names every column the current schema declares.
 */
export async function insertOldUser(database: Database, role: 'user' | 'admin' = 'user'): Promise<number> {
  oldUsers += 1;
  const name = `old${oldUsers}_${Math.random().toString(36).slice(2, 7)}`;
  const [row] = await queryRows<{ id: number | string }>(
    database.db,
    sql`insert into users (user_name, email, password_hash, role, status, is_email_verified)
        values (${name}, ${`${name}@example.test`}, 'x', ${role}, 'active', true) returning id`,
  );
  return Number(row!.id);
}
