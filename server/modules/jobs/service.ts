import { JobMsg, type JobList, type JobRun, type JobStatus, type RunJobResponse } from '../../../contract/jobs';
import { pageOf, type Page, type PageQuery } from '../../../contract/pagination';
import type { Db } from '../../db/client';
import type { Scheduler } from '../../jobs/scheduler';
import { AppError, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { jobHealthWarnings } from './health';
import { jobRunsPage, withRecordedRuns, type JobRunRecord, type JobView } from './runs';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toJobRun = (r: JobRunRecord): JobRun => ({
  ...r,
  startedAt: r.startedAt.toISOString(),
  finishedAt: iso(r.finishedAt),
});

const toJobStatus = ({ since: _since, recentRuns, ...s }: JobView): JobStatus => ({
  ...s,
  lastRunAt: iso(s.lastRunAt),
  lastSuccessAt: iso(s.lastSuccessAt),
  nextRunAt: iso(s.nextRunAt),
  recentRuns: recentRuns.map(toJobRun),
});

/** Every job with its recent runs on any instance, and the health warnings they raise. */
export async function listJobs(db: Db, jobs: Scheduler, now: Date): Promise<JobList> {
  const views = await withRecordedRuns(db, jobs.list());
  return { jobs: views.map(toJobStatus), warnings: jobHealthWarnings(views, now) };
}

/** A job's recorded runs, newest first. Throws NOT_FOUND for a name the scheduler does not know. */
export async function listJobRuns(db: Db, jobs: Scheduler, name: string, q: PageQuery): Promise<Page<JobRun>> {
  if (!jobs.list().some((j) => j.name === name)) throw notFound(JobMsg.notFound);
  const { runs, total } = await jobRunsPage(db, name, q);
  return pageOf(runs.map(toJobRun), total, q);
}

/**
 * Runs a job now, as `actor`, and waits for it; the run is recorded with who asked, and the
 * run and its outcome go to the audit log. Throws NOT_FOUND, JOB_RUNNING.
 */
export async function runJob(db: Db, jobs: Scheduler, name: string, actor: AuditActor): Promise<RunJobResponse> {
  const outcome = await jobs.runNow(name, { kind: 'manual', userId: actor.userId, userName: actor.userName });
  if (!outcome) throw notFound(JobMsg.notFound);
  if (outcome.status === 'busy' || outcome.status === 'claimed')
    throw new AppError('JOB_RUNNING', JobMsg.alreadyRunning);
  await recordAudit(db, actor, {
    action: 'job.run',
    targetType: 'job',
    targetId: outcome.job.name,
    after:
      outcome.status === 'ok'
        ? { status: 'ok', affected: outcome.affected }
        : { status: 'failed', error: outcome.error },
  });
  const message =
    outcome.status === 'ok'
      ? JobMsg.ran(outcome.job.name, outcome.affected)
      : JobMsg.failed(outcome.job.name, outcome.error);
  const [view] = await withRecordedRuns(db, [outcome.job]);
  return { message, job: toJobStatus(view!) };
}
