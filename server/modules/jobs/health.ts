import { formatDateTimeUtc } from '../../../contract/dates';
import type { JobView } from './runs';

/** The job whose silence costs investors money: it pays the daily returns. */
export const ACCRUAL_JOB = 'accrual';
/** This many failed runs in a row, on any instances, raise a warning. */
export const FAILURES_TO_WARN = 3;

const span = (ms: number) => (ms < 120_000 ? `${Math.round(ms / 1000)} seconds` : `${Math.round(ms / 60_000)} minutes`);
const utc = (d: Date) => formatDateTimeUtc(d);

/**
 * The accrual job has not completed for more than twice its interval. A job that has not
 * completed since start-up counts as never having completed, measured from when it began to
 * be tracked; a failing run does not count as completed.
 */
function stalledAccrual(jobs: JobView[], now: Date): string[] {
  const accrual = jobs.find((j) => j.name === ACCRUAL_JOB);
  if (!accrual) return [];
  const limit = 2 * accrual.intervalMs;
  const reference = accrual.lastSuccessAt ?? accrual.since;
  if (now.getTime() - reference.getTime() <= limit) return [];
  const why = accrual.lastError ? ` Last error: ${accrual.lastError}` : '';
  return [
    accrual.lastSuccessAt
      ? `The accrual job has not completed since ${utc(accrual.lastSuccessAt)} (more than ${span(limit)}, twice its interval): daily returns are not being paid.${why}`
      : `The accrual job has not completed since start-up at ${utc(accrual.since)} (more than ${span(limit)}, twice its interval): daily returns are not being paid.${why}`,
  ];
}

/** Its latest finished runs all failed, at least FAILURES_TO_WARN of them (a run still going does not count). */
function failingRepeatedly(job: JobView): string | null {
  const finished = job.recentRuns.filter((r) => r.finishedAt !== null);
  const failures = finished.findIndex((r) => r.error === null);
  const n = failures === -1 ? finished.length : failures;
  const latest = finished[0];
  if (n < FAILURES_TO_WARN || !latest) return null;
  return `The ${job.name} job failed its last ${n} runs (the latest at ${utc(latest.startedAt)} on ${latest.instance}): ${latest.error}`;
}

/**
 * No run of it has started, on any instance, for more than twice its interval. Measured from
 * its latest run, or from start-up when this instance's timers are on and it never ran: an
 * instance without timers (JOBS=off) that never saw a run knows of no schedule to miss.
 */
function stopped(job: JobView, now: Date): string | null {
  const latest = job.recentRuns[0]?.startedAt ?? null;
  const ranHere = job.lastRunAt;
  const lastStart = !latest ? ranHere : !ranHere ? latest : latest > ranHere ? latest : ranHere;
  const reference = lastStart ?? (job.nextRunAt ? job.since : null);
  const limit = 2 * job.intervalMs;
  if (!reference || now.getTime() - reference.getTime() <= limit) return null;
  return lastStart
    ? `The ${job.name} job has not run since ${utc(lastStart)} (more than ${span(limit)}, twice its interval).`
    : `The ${job.name} job has not run since start-up at ${utc(job.since)} (more than ${span(limit)}, twice its interval).`;
}

/**
 * Warnings for Site Health and the job monitor, from every instance's run history: the
 * accrual has stalled (it pays investors, so it has its own message), a job failed its last
 * runs, or another job has stopped running.
 */
export function jobHealthWarnings(jobs: JobView[], now: Date): string[] {
  const warnings = stalledAccrual(jobs, now);
  for (const job of jobs) {
    const failing = failingRepeatedly(job);
    if (failing) warnings.push(failing);
    const silent = job.name === ACCRUAL_JOB ? null : stopped(job, now);
    if (silent) warnings.push(silent);
  }
  return warnings;
}
