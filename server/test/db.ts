import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

/** A brand-new, empty database on the PostgreSQL server `serverUrl` names, and how to drop it. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * database on the server named by TEST_DATABASE_URL (dropped again by `close`).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const scratch = await createScratchDatabase(serverUrl, 't');
  const database = await openDatabase({ url: scratch.url, poolSize: 20 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
