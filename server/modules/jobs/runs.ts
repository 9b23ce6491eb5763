import { count, desc, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PageQuery } from '../../../contract/pagination';
import type { Db } from '../../db/client';
import { idNumber, rowsOf, timestamp } from '../../db/rows';
import { jobRunHistory } from '../../db/schema';
import type { JobState, RunStore } from '../../jobs/scheduler';

/** How long runs are kept. */
export const JOB_RUN_RETENTION_MS = 90 * 86_400_000;
/** How many of each job's latest runs the monitor lists (older ones: the paged runs route). */
export const RECENT_RUNS = 20;

/** One run as the server reads it (Dates); the contract's JobRun is its wire form. */
export interface JobRunRecord {
  id: number;
  job: string;
  trigger: 'schedule' | 'manual' | 'unknown';
  triggeredBy: string | null;
  instance: string;
  startedAt: Date;
  finishedAt: Date | null;
  durationMs: number | null;
  affected: number | null;
  error: string | null;
}

/** A job as this process sees it, completed with what every instance recorded. */
export interface JobView extends JobState {
  /** Its latest runs on any instance, newest first. */
  recentRuns: JobRunRecord[];
}

/**
 * The run history in `job_run_history`: each run recorded as it starts and when it ends, a
 * timed run only when its interval is not claimed yet (the unique (job, slot) key decides
 * between instances). Each finished run also prunes what is older than 90 days.
 */
export function jobRunStore(db: Db): RunStore {
  return {
    async begin(run) {
      const manual = run.trigger.kind === 'manual' ? run.trigger : null;
      const [row] = await db
        .insert(jobRunHistory)
        .values({
          job: run.job,
          trigger: run.trigger.kind,
          triggeredBy: manual?.userId ?? null,
          triggeredByName: manual?.userName ?? null,
          instance: run.instance,
          slot: run.slot,
          startedAt: run.startedAt,
        })
        .onConflictDoNothing({ target: [jobRunHistory.job, jobRunHistory.slot] })
        .returning({ id: jobRunHistory.id });
      return row?.id ?? null;
    },
    async finish(id, end) {
      await db
        .update(jobRunHistory)
        .set({ finishedAt: end.finishedAt, durationMs: end.durationMs, affected: end.affected, error: end.error })
        .where(eq(jobRunHistory.id, id));
      await pruneJobRuns(db, end.finishedAt);
    },
  };
}

/** Deletes the runs that started more than 90 days before `now`; returns how many. */
export async function pruneJobRuns(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(jobRunHistory)
    .where(lt(jobRunHistory.startedAt, new Date(now.getTime() - JOB_RUN_RETENTION_MS)))
    .returning({ id: jobRunHistory.id });
  return gone.length;
}

const runRow = z.object({
  id: idNumber,
  job: z.string(),
  trigger: z.enum(['schedule', 'manual', 'unknown']),
  triggered_by_name: z.string().nullable(),
  instance: z.string(),
  started_at: timestamp,
  finished_at: timestamp.nullable(),
  duration_ms: z.number().int().nullable(),
  affected: z.number().int().nullable(),
  error: z.string().nullable(),
});
const successRow = z.object({ job: z.string(), started_at: timestamp });

const toRecord = (r: z.output<typeof runRow>): JobRunRecord => ({
  id: r.id,
  job: r.job,
  trigger: r.trigger,
  triggeredBy: r.triggered_by_name,
  instance: r.instance,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  durationMs: r.duration_ms,
  affected: r.affected,
  error: r.error,
});

const namesOf = (names: string[]) =>
  sql`unnest(array[${sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  )}]::text[]) as j(name)`;

/** Each job's latest `limit` runs, newest first: one index range per job, however long the history. */
async function recentRuns(db: Db, names: string[], limit: number): Promise<Map<string, JobRunRecord[]>> {
  const byJob = new Map<string, JobRunRecord[]>();
  if (names.length === 0) return byJob;
  const rows = await rowsOf(
    db,
    runRow,
    sql`select r.id, r.job, r.trigger, r.triggered_by_name, r.instance, r.started_at, r.finished_at, r.duration_ms,
          r.affected, r.error
        from ${namesOf(names)}
        cross join lateral (
          select * from job_run_history h where h.job = j.name order by h.id desc limit ${limit}
        ) r
        order by r.job, r.id desc`,
  );
  for (const row of rows) {
    const list = byJob.get(row.job) ?? [];
    list.push(toRecord(row));
    byJob.set(row.job, list);
  }
  return byJob;
}

/** When each job last completed without error, on any instance (however many failures followed). */
async function lastSuccesses(db: Db, names: string[]): Promise<Map<string, Date>> {
  if (names.length === 0) return new Map();
  const rows = await rowsOf(
    db,
    successRow,
    sql`select j.name as job, s.started_at
        from ${namesOf(names)}
        cross join lateral (
          select h.started_at from job_run_history h
          where h.job = j.name and h.finished_at is not null and h.error is null
          order by h.id desc limit 1
        ) s`,
  );
  return new Map(rows.map((r) => [r.job, r.started_at]));
}

const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);

/**
 * This process's view of each job, completed with the runs every instance recorded (another
 * instance may have run it since, or this one restarted): its latest finished run, its last
 * success and its recent runs.
 */
export async function withRecordedRuns(db: Db, states: JobState[]): Promise<JobView[]> {
  const names = states.map((s) => s.name);
  const [recent, successes] = await Promise.all([recentRuns(db, names, RECENT_RUNS), lastSuccesses(db, names)]);
  return states.map((s) => {
    const runs = recent.get(s.name) ?? [];
    const merged: JobView = {
      ...s,
      lastSuccessAt: later(s.lastSuccessAt, successes.get(s.name) ?? null),
      recentRuns: runs,
    };
    // The latest recorded run, this process's own included: newest by insertion, since instances'
    // clocks may differ (and the browser tests move the server's).
    const last = runs.find((r) => r.finishedAt !== null);
    if (last)
      Object.assign(merged, {
        lastRunAt: last.startedAt,
        lastDurationMs: last.durationMs,
        lastAffected: last.affected,
        lastError: last.error,
      });
    return merged;
  });
}

/** One page of a job's runs, newest first. */
export async function jobRunsPage(
  db: Db,
  name: string,
  q: PageQuery,
): Promise<{ runs: JobRunRecord[]; total: number }> {
  const where = eq(jobRunHistory.job, name);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(jobRunHistory)
      .where(where)
      .orderBy(desc(jobRunHistory.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(jobRunHistory).where(where),
  ]);
  return {
    runs: rows.map((r) => ({
      id: r.id,
      job: r.job,
      trigger: r.trigger,
      triggeredBy: r.triggeredByName,
      instance: r.instance,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
      durationMs: r.durationMs,
      affected: r.affected,
      error: r.error,
    })),
    total: total?.n ?? 0,
  };
}
