import { z } from 'zod';
import { fill } from './fill';
import { zPage, zPageQuery } from './pagination';
import { text } from './text';
import { route } from './route';

/**
 * What each background job does, in words an operator reads; a job the platform runs must have its entry here
 * (server/jobs/labels.test.ts), so the Jobs screen never shows a bare job id as its name and description.
 */
export const JOB_LABELS: Record<string, { title: string; what: string }> = {
  accrual: {
    title: 'Daily returns (accrual)',
    what: 'Pays every due day of running investments and releases principal at plan end.',
  },
  'totals-compaction': {
    title: 'Totals compaction',
    what: 'Folds the recorded changes to transaction totals and row counts into one figure each, so dashboards stay fast.',
  },
  'table-statistics': {
    title: 'Table statistics',
    what: 'Refreshes the database’s statistics of tables where many rows changed, so its queries stay fast as the platform grows. Its count is the tables it refreshed.',
  },
  'price-refresh': { title: 'Price refresh', what: 'Fetches crypto prices from the configured price feed.' },
  'btcpay-reconcile': {
    title: 'BTCPay reconciliation',
    what: 'Re-checks open BTCPay invoices and credits paid deposits the webhook missed.',
  },
  'btcpay-payouts': {
    title: 'BTCPay payouts',
    what: 'Follows automated withdrawal payouts to the end and warns about any stuck past the set hours.',
  },
  'session-expiry': { title: 'Session expiry', what: 'Deletes expired login sessions.' },
  'proof-of-liabilities': {
    title: 'Proof of liabilities',
    what: 'Publishes the day’s Merkle sum tree of every user’s balance, which each investor can check their own balance against.',
  },
  'notification-delivery': {
    title: 'Notification delivery',
    what: 'Sends the queued email and Telegram copies of notifications.',
  },
  'telegram-link': { title: 'Telegram link', what: 'Reads the bot’s messages and links the chats that sent a code.' },
};

/** One run of a job on some instance (times are ISO strings on that instance's clock). */
export const zJobRun = z.object({
  id: z.number().int(),
  job: z.string(),
  /** `schedule`: the timers; `manual`: Run now; `unknown`: the last run kept from before run history. */
  trigger: z.enum(['schedule', 'manual', 'unknown']),
  /** The user name of the staff member who pressed Run now; null for other runs. */
  triggeredBy: z.string().nullable(),
  /** The instance that ran it (INSTANCE_ID, else hostname:pid). */
  instance: z.string(),
  startedAt: z.string(),
  /** Null while running, or when its instance stopped during the run. */
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** Rows the run reported changing; null when it failed or has not finished. */
  affected: z.number().int().nullable(),
  /** Why it failed; null otherwise. */
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof zJobRun>;

/** One background job as the admin's job monitor shows it (times are ISO strings on the server's clock). */
export const zJobStatus = z.object({
  name: z.string(),
  intervalMs: z.number().int(),
  lastRunAt: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  /** Rows the last successful run changed (for the accrual job: payouts made). */
  lastAffected: z.number().int().nullable(),
  /** Why the last run failed; null after a successful run. */
  lastError: z.string().nullable(),
  /** When a run last completed without error, on any instance; null when none has. */
  lastSuccessAt: z.string().nullable(),
  /** Running in the instance that answered (other instances' runs show in recentRuns, unfinished). */
  running: z.boolean(),
  /** Next timed run in that instance; null when its timers are off (JOBS=off, tests). */
  nextRunAt: z.string().nullable(),
  /** Its latest runs on every instance, newest first (at most 20; older ones through jobsApi.runs). */
  recentRuns: z.array(zJobRun),
});
export type JobStatus = z.infer<typeof zJobStatus>;

/** GET /api/admin/jobs */
export const zJobList = z.object({
  jobs: z.array(zJobStatus),
  /**
   * Health warnings from the run history, e.g. the accrual job has not completed for more than twice its
   * interval, a job failed its last runs, or a job that ran before has not run for twice its interval.
   */
  warnings: z.array(z.string()),
});
export type JobList = z.infer<typeof zJobList>;

/** POST /api/admin/jobs/:name/run, GET /api/admin/jobs/:name/runs */
export const zRunJobParams = z.object({ name: text().min(1).max(100) });
export const zRunJobResponse = z.object({ message: z.string(), job: zJobStatus });
export type RunJobResponse = z.infer<typeof zRunJobResponse>;

/** GET /api/admin/jobs/:name/runs: a job's runs, newest first, kept 90 days. */
export const zJobRunPage = zPage(zJobRun);
export type JobRunPage = z.infer<typeof zJobRunPage>;

export const JobMsg = {
  notFound: 'Job not found',
  alreadyRunning: 'This job is already running; wait for it to finish',
  ran: (name: string, affected: number) =>
    fill('Job {{name}} finished. Rows affected: {{affected}}', { name, affected }),
  failed: (name: string, error: string) => fill('Job {{name}} failed: {{error}}', { name, error }),
} as const;

/** The admin's job monitor. */
export const jobsApi = {
  list: route({
    method: 'GET',
    path: '/admin/jobs',
    tag: 'jobs',
    summary: 'Background jobs, their recent runs on every instance and health warnings (staff)',
    access: 'staff',
    response: zJobList,
    errors: [],
  }),
  run: route({
    method: 'POST',
    path: '/admin/jobs/:name/run',
    tag: 'jobs',
    summary: 'Run a job now and wait for it (admin); jobs are idempotent',
    access: 'admin',
    params: zRunJobParams,
    response: zRunJobResponse,
    errors: ['NOT_FOUND', 'JOB_RUNNING'],
  }),
  runs: route({
    method: 'GET',
    path: '/admin/jobs/:name/runs',
    tag: 'jobs',
    summary: "A job's runs on every instance, newest first, kept 90 days (staff)",
    access: 'staff',
    params: zRunJobParams,
    query: zPageQuery,
    response: zJobRunPage,
    errors: ['NOT_FOUND'],
  }),
};
