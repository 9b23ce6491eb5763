import { z } from 'zod';
import { text } from './text';
import { route } from './route';

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
  /** Running in the instance that answered (other instances coordinate through advisory locks). */
  running: z.boolean(),
  /** Next timed run in that instance; null when its timers are off (JOBS=off, tests). */
  nextRunAt: z.string().nullable(),
});
export type JobStatus = z.infer<typeof zJobStatus>;

/** GET /api/admin/jobs */
export const zJobList = z.object({
  jobs: z.array(zJobStatus),
  /** Health warnings, e.g. the accrual job has not completed for more than twice its interval. */
  warnings: z.array(z.string()),
});
export type JobList = z.infer<typeof zJobList>;

/** POST /api/admin/jobs/:name/run */
export const zRunJobParams = z.object({ name: text().min(1).max(100) });
export const zRunJobResponse = z.object({ message: z.string(), job: zJobStatus });
export type RunJobResponse = z.infer<typeof zRunJobResponse>;

export const JobMsg = {
  notFound: 'Job not found',
  alreadyRunning: 'This job is already running; wait for it to finish',
  ran: (name: string, affected: number) =>
    `Job ${name} finished: ${affected} ${affected === 1 ? 'row' : 'rows'} affected`,
  failed: (name: string, error: string) => `Job ${name} failed: ${error}`,
} as const;

/** The admin's job monitor. */
export const jobsApi = {
  list: route({
    method: 'GET',
    path: '/admin/jobs',
    tag: 'jobs',
    summary: 'Background jobs and their last runs (staff)',
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
};
