import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';
import { createScratchDatabase, TEMPLATE_ENV } from './db';

/**
 * Migrates one database before any test file runs; each file then starts from a copy of it
 * (server/test/db.ts). A new PGlite runs initdb, about 5 s of CPU, where loading a dumped
 * data directory takes under one; on PostgreSQL, CREATE DATABASE … TEMPLATE copies files
 * instead of replaying every migration. Workers inherit the environment set here.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createScratchDatabase(serverUrl, 't_template');
    const database = await openDatabase({ url: template.url });
    await database.migrate();
    await database.close();
    process.env[TEMPLATE_ENV.postgres] = template.name;
    return () => template.drop();
  }
  const database = await openDatabase({});
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'minevest-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV.pglite] = file;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
