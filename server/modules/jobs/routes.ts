import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobsApi } from '../../../contract/jobs';
import type { ServerContext } from '../../context';
import type { Scheduler } from '../../jobs/scheduler';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { jobHealthWarnings } from './health';
import { jobRunStore, withRecordedRuns } from './runs';
import { listJobRuns, listJobs, runJob } from './service';

/** The admin's job monitor over the app's scheduler (without timers in API tests, so Run now still works). */
export function jobRoutes(
  ctx: ServerContext,
  jobs: Scheduler,
  health?: { addWarningSource(source: () => Promise<string[]>): void },
): FastifyPluginAsyncZod {
  // Every run goes to the shared history, where timed runs also claim their interval.
  jobs.useStore(jobRunStore(ctx.db));
  // Site Health shows the same warnings as the job monitor (a stalled accrual means nobody is paid).
  health?.addWarningSource(async () => jobHealthWarnings(await withRecordedRuns(ctx.db, jobs.list()), ctx.now()));

  return async (app) => {
    serve(app, jobsApi.list, () => listJobs(ctx.db, jobs, ctx.now()));
    serve(app, jobsApi.runs, ({ params, query }) => listJobRuns(ctx.db, jobs, params.name, query));
    serve(app, jobsApi.run, ({ params, caller }, request) =>
      runJob(ctx.db, jobs, params.name, auditActor(caller, request)),
    );
  };
}
