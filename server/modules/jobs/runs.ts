import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobRuns } from '../../db/schema';
import type { JobState } from '../../jobs/scheduler';

/** Keeps a job's last run in the database, shared by every instance and kept across restarts. */
export async function saveJobRun(db: Db, s: JobState): Promise<void> {
  if (!s.lastRunAt) return;
  const row = {
    name: s.name,
    lastRunAt: s.lastRunAt,
    lastDurationMs: s.lastDurationMs ?? 0,
    lastAffected: s.lastAffected,
    lastError: s.lastError,
    lastSuccessAt: s.lastSuccessAt,
  };
  await db
    .insert(jobRuns)
    .values(row)
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: {
        lastRunAt: row.lastRunAt,
        lastDurationMs: row.lastDurationMs,
        lastAffected: row.lastAffected,
        lastError: row.lastError,
        // A failed run keeps the last success, whichever instance had it.
        lastSuccessAt: sql`coalesce(excluded.last_success_at, ${jobRuns.lastSuccessAt})`,
      },
    });
}

const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);

/**
 * This process's view of each job, completed with the latest run any instance recorded
 * (another instance may have run it since, or this one restarted).
 */
export async function withRecordedRuns(db: Db, states: JobState[]): Promise<JobState[]> {
  const rows = new Map((await db.select().from(jobRuns)).map((r) => [r.name, r]));
  return states.map((s) => {
    const r = rows.get(s.name);
    if (!r) return s;
    const merged = { ...s, lastSuccessAt: later(s.lastSuccessAt, r.lastSuccessAt) };
    if (!s.lastRunAt || r.lastRunAt > s.lastRunAt)
      Object.assign(merged, {
        lastRunAt: r.lastRunAt,
        lastDurationMs: r.lastDurationMs,
        lastAffected: r.lastAffected,
        lastError: r.lastError,
      });
    return merged;
  });
}
