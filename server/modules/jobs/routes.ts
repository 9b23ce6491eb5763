import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobsApi } from '../../../contract/jobs';
import type { ServerContext } from '../../context';
import type { Scheduler } from '../../jobs/scheduler';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { jobHealthWarnings } from './health';
import { saveJobRun, withRecordedRuns } from './runs';
import { listJobs, runJob } from './service';

/** The admin's job monitor over the app's scheduler (without timers in API tests, so Run now still works). */
export function jobRoutes(
  ctx: ServerContext,
  jobs: Scheduler,
  health?: { addWarningSource(source: () => Promise<string[]>): void },
): FastifyPluginAsyncZod {
  jobs.onRun((state) => saveJobRun(ctx.db, state));
  // Site Health shows the same warnings as the job monitor (a stalled accrual means nobody is paid).
  health?.addWarningSource(async () => jobHealthWarnings(await withRecordedRuns(ctx.db, jobs.list()), ctx.now()));

  return async (app) => {
    serve(app, jobsApi.list, () => listJobs(ctx.db, jobs, ctx.now()));
    serve(app, jobsApi.run, ({ params, caller }, request) =>
      runJob(ctx.db, jobs, params.name, auditActor(caller, request)),
    );
  };
}
