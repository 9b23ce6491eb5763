import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import { JobMsg, zJobList, zRunJobParams, zRunJobResponse, type JobStatus } from '../../../contract/jobs';
import type { ServerContext } from '../../context';
import { allJobs, settingsJobs } from '../../jobs';
import { Scheduler, type JobState } from '../../jobs/scheduler';
import { AppError, notFound } from '../../lib/errors';
import { requireAdmin, requireStaff } from '../../plugins/auth';
import { auditActor, recordAudit } from '../audit/service';
import { jobHealthWarnings } from './health';
import { saveJobRun, withRecordedRuns } from './runs';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 409: zErrorBody };

const toJobStatus = ({ since: _since, ...s }: JobState): JobStatus => ({
  ...s,
  lastRunAt: s.lastRunAt?.toISOString() ?? null,
  lastSuccessAt: s.lastSuccessAt?.toISOString() ?? null,
  nextRunAt: s.nextRunAt?.toISOString() ?? null,
});

/**
 * The admin's job monitor. Without a scheduler from main.ts (API tests) the app keeps its own
 * over the same jobs, database and clock, without timers, so that Run now still works.
 */
export function jobRoutes(
  ctx: ServerContext,
  scheduler?: Scheduler,
  health?: { addWarningSource(source: () => Promise<string[]>): void },
): FastifyPluginAsyncZod {
  const jobs = scheduler ?? new Scheduler(ctx.db, ctx.log, ctx.now, [...allJobs, ...settingsJobs(ctx.settings)]);
  jobs.onRun((state) => saveJobRun(ctx.db, state));
  // Site Health shows the same warnings as the job monitor (a stalled accrual means nobody is paid).
  health?.addWarningSource(async () => jobHealthWarnings(await withRecordedRuns(ctx.db, jobs.list()), ctx.now()));

  return async (app) => {
    app.get(
      '/admin/jobs',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Background jobs and their last runs (staff)',
          response: { 200: zJobList, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        const states = await withRecordedRuns(ctx.db, jobs.list());
        return { jobs: states.map(toJobStatus), warnings: jobHealthWarnings(states, ctx.now()) };
      },
    );

    app.post(
      '/admin/jobs/:name/run',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Run a job now and wait for it (admin); jobs are idempotent',
          params: zRunJobParams,
          response: { 200: zRunJobResponse, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const outcome = await jobs.runNow(request.params.name);
        if (!outcome) throw notFound(JobMsg.notFound);
        if (outcome.status === 'busy') throw new AppError('JOB_RUNNING', JobMsg.alreadyRunning);
        const message =
          outcome.status === 'ok'
            ? JobMsg.ran(outcome.job.name, outcome.affected)
            : JobMsg.failed(outcome.job.name, outcome.error);
        await recordAudit(ctx.db, auditActor(admin, request), {
          action: 'job.run',
          targetType: 'job',
          targetId: outcome.job.name,
          after:
            outcome.status === 'ok'
              ? { status: 'ok', affected: outcome.affected }
              : { status: 'failed', error: outcome.error },
        });
        return { message, job: toJobStatus(outcome.job) };
      },
    );
  };
}
