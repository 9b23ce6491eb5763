import { describe, expect, it } from 'vitest';
import { jobHealthWarnings } from './health';
import type { JobRunRecord, JobView } from './runs';

const at = (iso: string) => new Date(iso);
const job = (fields: Partial<JobView> = {}): JobView => ({
  name: 'accrual',
  intervalMs: 3_600_000,
  lastRunAt: null,
  lastDurationMs: null,
  lastAffected: null,
  lastError: null,
  lastSuccessAt: null,
  since: at('2026-01-01T00:00:00Z'),
  running: false,
  nextRunAt: null,
  recentRuns: [],
  ...fields,
});
const accrual = job;
let ids = 0;
/** A finished run (`error` set: a failed one) on instance `where`. */
const run = (job: string, startedAt: string, error: string | null = null, where = 'web-1'): JobRunRecord => ({
  id: ++ids,
  job,
  trigger: 'schedule',
  triggeredBy: null,
  instance: where,
  startedAt: at(startedAt),
  finishedAt: at(startedAt),
  durationMs: 5,
  affected: error ? null : 1,
  error,
});

describe('jobHealthWarnings: the stalled accrual', () => {
  it('is quiet within twice the interval of the last completed run (or of start-up)', () => {
    expect(jobHealthWarnings([accrual()], at('2026-01-01T02:00:00Z'))).toEqual([]);
    expect(
      jobHealthWarnings([accrual({ lastSuccessAt: at('2026-01-01T05:00:00Z') })], at('2026-01-01T07:00:00Z')),
    ).toEqual([]);
    expect(jobHealthWarnings([], at('2030-01-01T00:00:00Z'))).toEqual([]);
    expect(jobHealthWarnings([accrual({ name: 'price-refresh' })], at('2030-01-01T00:00:00Z'))).toEqual([]);
  });

  it('warns when never completed since start-up, or when only failing runs followed the last success', () => {
    expect(jobHealthWarnings([accrual()], at('2026-01-01T02:00:01Z'))).toEqual([
      'The accrual job has not completed since start-up at Jan 1, 2026, 12:00 AM UTC (more than 120 minutes, twice its interval): daily returns are not being paid.',
    ]);
    const failing = accrual({
      lastSuccessAt: at('2026-01-01T01:00:00Z'),
      lastRunAt: at('2026-01-01T04:00:00Z'),
      lastError: 'database unavailable',
    });
    expect(jobHealthWarnings([failing], at('2026-01-01T04:30:00Z'))).toEqual([
      'The accrual job has not completed since Jan 1, 2026, 1:00 AM UTC (more than 120 minutes, twice its interval): daily returns are not being paid. Last error: database unavailable',
    ]);
  });

  it('follows the configured interval', () => {
    const quick = accrual({ intervalMs: 10 * 60_000, lastSuccessAt: at('2026-01-01T00:00:00Z') });
    expect(jobHealthWarnings([quick], at('2026-01-01T00:20:00Z'))).toEqual([]);
    expect(jobHealthWarnings([quick], at('2026-01-01T00:21:00Z'))).toHaveLength(1);
  });
});

describe('jobHealthWarnings: the run history', () => {
  const now = at('2026-03-01T12:00:00Z');
  const prices = (recentRuns: JobRunRecord[], fields: Partial<JobView> = {}) =>
    job({ name: 'price-refresh', intervalMs: 5 * 60_000, recentRuns, ...fields });

  it('warns when the latest runs, on any instances, failed three times in a row', () => {
    const twice = [
      run('price-refresh', '2026-03-01T11:58:00Z', 'feed down', 'web-2'),
      run('price-refresh', '2026-03-01T11:53:00Z', 'feed down', 'web-1'),
      run('price-refresh', '2026-03-01T11:48:00Z'),
      run('price-refresh', '2026-03-01T11:43:00Z', 'feed down'),
    ];
    expect(jobHealthWarnings([prices(twice)], now)).toEqual([]);
    const thrice = [run('price-refresh', '2026-03-01T11:59:30Z', 'HTTP 503 from the feed', 'web-3'), ...twice];
    expect(jobHealthWarnings([prices(thrice)], now)).toEqual([
      'The price-refresh job failed its last 3 runs (the latest at Mar 1, 2026, 11:59 AM UTC on web-3): HTTP 503 from the feed',
    ]);
    // A run still going (its instance has not finished it) neither breaks nor extends the streak.
    const going = { ...run('price-refresh', '2026-03-01T11:59:50Z'), finishedAt: null, durationMs: null };
    expect(jobHealthWarnings([prices([going, ...thrice])], now)).toHaveLength(1);
    // One success after them and it is quiet again.
    expect(jobHealthWarnings([prices([run('price-refresh', '2026-03-01T11:59:59Z'), ...thrice])], now)).toEqual([]);
  });

  it('warns when a job that ran has not started a run, on any instance, for more than twice its interval', () => {
    expect(jobHealthWarnings([prices([run('price-refresh', '2026-03-01T11:50:00Z')])], now)).toEqual([]);
    expect(jobHealthWarnings([prices([run('price-refresh', '2026-03-01T11:49:59Z')])], now)).toEqual([
      'The price-refresh job has not run since Mar 1, 2026, 11:49 AM UTC (more than 10 minutes, twice its interval).',
    ]);
    // This process's own run counts as well as the recorded ones.
    expect(
      jobHealthWarnings(
        [prices([run('price-refresh', '2026-03-01T11:00:00Z')], { lastRunAt: at('2026-03-01T11:55:00Z') })],
        now,
      ),
    ).toEqual([]);
    const telegram = job({ name: 'telegram-link', intervalMs: 15_000 });
    expect(
      jobHealthWarnings([{ ...telegram, recentRuns: [run('telegram-link', '2026-03-01T11:59:29Z')] }], now),
    ).toEqual([
      'The telegram-link job has not run since Mar 1, 2026, 11:59 AM UTC (more than 30 seconds, twice its interval).',
    ]);
  });

  it('counts from start-up a job that never ran only where timers are on', () => {
    const never = prices([], { since: at('2026-03-01T11:00:00Z') });
    // Timers off (JOBS=off, tests): no schedule to miss.
    expect(jobHealthWarnings([never], now)).toEqual([]);
    expect(jobHealthWarnings([{ ...never, nextRunAt: at('2026-03-01T12:05:00Z') }], now)).toEqual([
      'The price-refresh job has not run since start-up at Mar 1, 2026, 11:00 AM UTC (more than 10 minutes, twice its interval).',
    ]);
  });

  it('leaves a silent accrual to its own warning, and warns about its failures', () => {
    const runs = ['11:30', '10:30', '09:30'].map((t) => run('accrual', `2026-03-01T${t}:00Z`, 'deadlock detected'));
    expect(
      jobHealthWarnings([accrual({ recentRuns: runs, since: at('2026-03-01T00:00:00Z') })], at('2026-03-01T12:00:00Z')),
    ).toEqual([
      'The accrual job has not completed since start-up at Mar 1, 2026, 12:00 AM UTC (more than 120 minutes, twice its interval): daily returns are not being paid.',
      'The accrual job failed its last 3 runs (the latest at Mar 1, 2026, 11:30 AM UTC on web-1): deadlock detected',
    ]);
  });
});
