import { describe, expect, it } from 'vitest';
import type { JobState } from '../../jobs/scheduler';
import { jobHealthWarnings } from './health';

const at = (iso: string) => new Date(iso);
const accrual = (fields: Partial<JobState> = {}): JobState => ({
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
  ...fields,
});

describe('jobHealthWarnings', () => {
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
      'The accrual job has not completed since start-up at 2026-01-01 00:00 UTC (more than 120 minutes, twice its interval): daily returns are not being paid.',
    ]);
    const failing = accrual({
      lastSuccessAt: at('2026-01-01T01:00:00Z'),
      lastRunAt: at('2026-01-01T04:00:00Z'),
      lastError: 'database unavailable',
    });
    expect(jobHealthWarnings([failing], at('2026-01-01T04:30:00Z'))).toEqual([
      'The accrual job has not completed since 2026-01-01 01:00 UTC (more than 120 minutes, twice its interval): daily returns are not being paid. Last error: database unavailable',
    ]);
  });

  it('follows the configured interval', () => {
    const quick = accrual({ intervalMs: 10 * 60_000, lastSuccessAt: at('2026-01-01T00:00:00Z') });
    expect(jobHealthWarnings([quick], at('2026-01-01T00:20:00Z'))).toEqual([]);
    expect(jobHealthWarnings([quick], at('2026-01-01T00:21:00Z'))).toHaveLength(1);
  });
});
