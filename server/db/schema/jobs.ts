import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every run of a background job on any instance, kept 90 days (the scheduler prunes it): the job
 * monitor's history and the health warnings read it. A timed run's row is also its claim of
 * the interval (`slot`): the unique key lets one instance run a job per interval.
 */
export const jobRunHistory = pgTable(
  'job_run_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    job: text('job').notNull(),
    /** `schedule`: the timers; `manual`: Run now; `unknown`: a last run kept from before this history. */
    trigger: text('trigger', { enum: ['schedule', 'manual', 'unknown'] }).notNull(),
    /** The staff member who pressed Run now, and their user name then (kept when the account goes). */
    triggeredBy: bigint('triggered_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    triggeredByName: text('triggered_by_name'),
    /** The instance that ran it (INSTANCE_ID, else hostname:pid). */
    instance: text('instance').notNull(),
    /** A timed run's interval: its start on the interval grid (epoch + n × interval). */
    slot: timestamp('slot', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Null while running, or when the instance stopped during the run. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    /** Rows the run reported changing; null when it failed. */
    affected: integer('affected'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('job_run_history_slot_key').on(t.job, t.slot),
    // A job's runs newest first (by insertion: instances' clocks may differ).
    index('job_run_history_job_id_idx').on(t.job, t.id),
    // The last success of a job, however many failures came after it.
    index('job_run_history_job_success_idx')
      .on(t.job, t.id)
      .where(sql`${t.finishedAt} is not null and ${t.error} is null`),
    // Pruning by age.
    index('job_run_history_started_idx').on(t.startedAt),
    check('job_run_history_slot_when_timed', sql`(${t.trigger} = 'schedule') = (${t.slot} is not null)`),
  ],
);
