import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobState } from '../../jobs/scheduler';
import { emptyDatabase, migrationsBefore } from '../../test/migrations';
import { withRecordedRuns } from './runs';

let database: Database;
let oldMigrations: string;
beforeAll(async () => {
  database = await emptyDatabase();
  oldMigrations = await migrationsBefore('_job_run_history');
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
