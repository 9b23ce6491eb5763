import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

/** Runs one statement on its own connection to the server `serverUrl` names. */
async function runOn(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A brand-new database on the PostgreSQL server `serverUrl` names, and how to drop it: empty,
 * or a copy of the database `template` (a file copy, far cheaper than migrating).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await runOn(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => runOn(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Where the vitest global setup (server/test/global-setup.ts) left the migrated database every
 * test file starts from: a PGlite data-directory tarball, or a template database on PostgreSQL.
 */
export const TEMPLATE_ENV = { pglite: 'TEST_PGLITE_TEMPLATE', postgres: 'TEST_DATABASE_TEMPLATE' } as const;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * database on the server named by TEST_DATABASE_URL (dropped again by `close`). Both start
 * from the global setup's migrated template when there is one, else migrate from empty.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const file = process.env[TEMPLATE_ENV.pglite];
    if (file) return openDatabase({ pgliteData: new Blob([await readFile(file)]) });
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const template = process.env[TEMPLATE_ENV.postgres];
  const scratch = await createScratchDatabase(serverUrl, 't', template);
  const database = await openDatabase({ url: scratch.url, poolSize: 20 });
  if (!template) await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * One fresh database that several instances of the app open, for tests of what instances
 * share: on PostgreSQL each `open()` is a connection pool of its own on the same database; on
 * PGlite (one process) every `open()` hands back the same database.
 */
export async function createSharedTestDatabase(): Promise<{ open(): Promise<Database>; close(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await createTestDatabase();
    return { open: async () => database, close: () => database.close() };
  }
  const template = process.env[TEMPLATE_ENV.postgres];
  const scratch = await createScratchDatabase(serverUrl, 't', template);
  const opened: Database[] = [];
  let migrated = !!template;
  return {
    async open() {
      const database = await openDatabase({ url: scratch.url, poolSize: 4 });
      opened.push(database);
      if (!migrated) {
        await database.migrate();
        migrated = true;
      }
      return database;
    },
    async close() {
      await Promise.all(opened.map((d) => d.close()));
      await scratch.drop();
    },
  };
}
