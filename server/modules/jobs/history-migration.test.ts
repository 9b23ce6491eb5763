import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../../db/client';
import type { JobState } from '../../jobs/scheduler';
import { createScratchDatabase } from '../../test/db';
import { withRecordedRuns } from './runs';

/** The migrations folder as it was before the run history: the database of an instance not yet upgraded. */
async function migrationsBeforeHistory(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = z
    .object({ entries: z.array(z.object({ tag: z.string() }).loose()) })
    .loose()
    .parse(JSON.parse(await readFile(file, 'utf8')));
  const at = journal.entries.findIndex((e) => e.tag.endsWith('_job_run_history'));
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
  oldMigrations = await migrationsBeforeHistory();
});
afterAll(async () => {
  await database.close();
  await rm(oldMigrations, { recursive: true, force: true });
});

const state = (name: string): JobState => ({
  name,
  intervalMs: 60_000,
  lastRunAt: null,
  lastDurationMs: null,
  lastAffected: null,
  lastError: null,
  lastSuccessAt: null,
  since: new Date('2026-01-01T00:00:00Z'),
  running: false,
  nextRunAt: null,
});

describe('the run history migration', () => {
  it('keeps each job’s last run, and its last success when that was an earlier run', async () => {
    await database.migrate(oldMigrations);
    await database.db.execute(sql`insert into job_runs
      (name, last_run_at, last_duration_ms, last_affected, last_error, last_success_at) values
      ('accrual', '2026-02-01T10:00:00Z', 120, 4, null, '2026-02-01T10:00:00Z'),
      ('price-refresh', '2026-02-01T11:00:00Z', 30, null, 'feed down', '2026-02-01T09:00:00Z'),
      ('btcpay-reconcile', '2026-02-01T11:30:00Z', 7, null, 'BTCPay unreachable', null)`);

    await database.migrate();

    const [accrual, prices, btcpay] = await withRecordedRuns(database.db, [
      state('accrual'),
      state('price-refresh'),
      state('btcpay-reconcile'),
    ]);
    const before = { trigger: 'unknown', triggeredBy: null, instance: 'before run history' };
    expect(accrual).toMatchObject({
      lastRunAt: new Date('2026-02-01T10:00:00Z'),
      lastDurationMs: 120,
      lastAffected: 4,
      lastError: null,
      lastSuccessAt: new Date('2026-02-01T10:00:00Z'),
    });
    expect(accrual!.recentRuns).toEqual([
      {
        ...before,
        id: expect.any(Number),
        job: 'accrual',
        startedAt: new Date('2026-02-01T10:00:00Z'),
        finishedAt: new Date('2026-02-01T10:00:00.120Z'),
        durationMs: 120,
        affected: 4,
        error: null,
      },
    ]);
    expect(prices).toMatchObject({
      lastRunAt: new Date('2026-02-01T11:00:00Z'),
      lastError: 'feed down',
      lastSuccessAt: new Date('2026-02-01T09:00:00Z'),
    });
    expect(prices!.recentRuns.map((r) => [r.startedAt.toISOString(), r.error, r.durationMs])).toEqual([
      ['2026-02-01T11:00:00.000Z', 'feed down', 30],
      ['2026-02-01T09:00:00.000Z', null, null],
    ]);
    expect(btcpay).toMatchObject({ lastError: 'BTCPay unreachable', lastSuccessAt: null });
    expect(btcpay!.recentRuns).toHaveLength(1);
  });
});
