import type { JobState } from '../../jobs/scheduler';

/** The job whose silence costs investors money: it pays the daily returns. */
export const ACCRUAL_JOB = 'accrual';

const minutes = (ms: number) => `${Math.round(ms / 60_000)} minutes`;
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Warnings for Site Health and the job monitor: the accrual job has not completed for more
 * than twice its interval. A job that has not completed since start-up counts as never
 * having completed, measured from when it began to be tracked; a failing run does not
 * count as completed.
 */
export function jobHealthWarnings(jobs: JobState[], now: Date): string[] {
  const warnings: string[] = [];
  const accrual = jobs.find((j) => j.name === ACCRUAL_JOB);
  if (!accrual) return warnings;
  const limit = 2 * accrual.intervalMs;
  const reference = accrual.lastSuccessAt ?? accrual.since;
  if (now.getTime() - reference.getTime() <= limit) return warnings;
  const why = accrual.lastError ? ` Last error: ${accrual.lastError}` : '';
  warnings.push(
    accrual.lastSuccessAt
      ? `The accrual job has not completed since ${utc(accrual.lastSuccessAt)} (more than ${minutes(limit)}, twice its interval): daily returns are not being paid.${why}`
      : `The accrual job has not completed since start-up at ${utc(accrual.since)} (more than ${minutes(limit)}, twice its interval): daily returns are not being paid.${why}`,
  );
  return warnings;
}
