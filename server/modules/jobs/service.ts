import { JobMsg, type JobList, type JobStatus, type RunJobResponse } from '../../../contract/jobs';
import type { Db } from '../../db/client';
import type { JobState, Scheduler } from '../../jobs/scheduler';
import { AppError, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { jobHealthWarnings } from './health';
import { withRecordedRuns } from './runs';

const toJobStatus = ({ since: _since, ...s }: JobState): JobStatus => ({
  ...s,
  lastRunAt: s.lastRunAt?.toISOString() ?? null,
  lastSuccessAt: s.lastSuccessAt?.toISOString() ?? null,
  nextRunAt: s.nextRunAt?.toISOString() ?? null,
});

/** Every job with its latest run on any instance, and the health warnings they raise. */
export async function listJobs(db: Db, jobs: Scheduler, now: Date): Promise<JobList> {
  const states = await withRecordedRuns(db, jobs.list());
  return { jobs: states.map(toJobStatus), warnings: jobHealthWarnings(states, now) };
}

/** Runs a job now and waits for it; the run and its outcome go to the audit log. Throws NOT_FOUND, JOB_RUNNING. */
export async function runJob(db: Db, jobs: Scheduler, name: string, actor: AuditActor): Promise<RunJobResponse> {
  const outcome = await jobs.runNow(name);
  if (!outcome) throw notFound(JobMsg.notFound);
  if (outcome.status === 'busy') throw new AppError('JOB_RUNNING', JobMsg.alreadyRunning);
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
  return { message, job: toJobStatus(outcome.job) };
}
