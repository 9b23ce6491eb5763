import type { FastifyBaseLogger } from 'fastify';
import { instanceId } from '../config';
import type { Db } from '../db/client';

export interface Job {
  name: string;
  intervalMs: number;
  /**
   * Must be idempotent and safe to run on several instances at once (each job takes the
   * advisory locks it needs around its own transactions). Returns rows affected.
   */
  run(db: Db, now: Date): Promise<number>;
}

/** What this process knows about one job (times on the scheduler's clock). */
export interface JobState {
  name: string;
  intervalMs: number;
  lastRunAt: Date | null;
  lastDurationMs: number | null;
  /** Rows the last run changed; null before the first run and after a failed one. */
  lastAffected: number | null;
  lastError: string | null;
  /** When a run last completed without error; null when none has (in this process or, once merged, anywhere). */
  lastSuccessAt: Date | null;
  /** When this process started tracking the job: a job that never completed has been stalled since then. */
  since: Date;
  running: boolean;
  /** Next timed run; null while the timers are off. */
  nextRunAt: Date | null;
}

/** What started a run: the timers, or a staff member's Run now (no user for a script or test). */
export type RunTrigger = { kind: 'schedule' } | { kind: 'manual'; userId: number | null; userName: string | null };

export interface RunStart {
  job: string;
  trigger: RunTrigger;
  instance: string;
  startedAt: Date;
  /** A timed run's interval on the grid of its job (epoch + n × interval); null for Run now. */
  slot: Date | null;
}

export interface RunEnd {
  finishedAt: Date;
  durationMs: number;
  affected: number | null;
  error: string | null;
}

/** Where runs are kept for every instance (server/modules/jobs/runs.ts); without one, runs are only in memory. */
export interface RunStore {
  /** Records a run starting and returns its id; null when the run has a slot that another run already claimed. */
  begin(run: RunStart): Promise<number | null>;
  finish(id: number, end: RunEnd): Promise<void>;
}

export type RunOutcome =
  | { status: 'ok'; affected: number; job: JobState; runId: number | null }
  | { status: 'failed'; error: string; job: JobState; runId: number | null }
  /** Already running in this process: not started a second time. */
  | { status: 'busy'; job: JobState }
  /** A timed run whose interval another run (on any instance) already claimed: not started. */
  | { status: 'claimed'; job: JobState };

const MANUAL: RunTrigger = { kind: 'manual', userId: null, userName: null };

/** The start of the interval `at` falls in, on the job's grid: what a timed run claims. */
export const slotOf = (at: Date, intervalMs: number): Date =>
  new Date(Math.floor(at.getTime() / intervalMs) * intervalMs);

interface Entry {
  job: Job;
  state: JobState;
  timer: NodeJS.Timeout | null;
}

/**
 * Keeps the jobs, their timers and what each last run did. A job never overlaps itself in
 * this process. Across instances, a timed run first claims its interval in the run store, so
 * each job runs once per interval whichever instances' timers fire; Run now is not limited
 * (the jobs' own advisory locks keep concurrent runs apart).
 */
export class Scheduler {
  private readonly entries = new Map<string, Entry>();
  private started = false;
  private store: RunStore | null = null;
  /** Who this process is in the run history (config's INSTANCE_ID, else hostname:pid); decided once. */
  readonly instance: string;

  constructor(
    private readonly db: Db,
    private log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
    jobs: Job[] = [],
    options: { instance?: string } = {},
  ) {
    this.instance = options.instance ?? instanceId(undefined);
    for (const job of jobs) this.entry(job);
  }

  /** Adds a job that needs something built after the scheduler (e.g. the app's settings store). */
  add(job: Job): void {
    if (this.entries.has(job.name)) throw new Error(`job ${job.name} is already scheduled`);
    const e = this.entry(job);
    if (this.started) this.schedule(e, 0);
  }

  /** Where every run is recorded and timed runs claim their interval (the app's `job_run_history`). */
  useStore(store: RunStore): void {
    this.store = store;
  }

  /** The app's logger may only exist after the scheduler (main.ts builds the scheduler first). */
  useLogger(log: FastifyBaseLogger): void {
    this.log = log;
  }

  /** Runs every job once soon after start-up (catching up after downtime), then every interval after each run. */
  start(firstRunDelayMs = 5_000): void {
    if (this.started) return;
    this.started = true;
    for (const e of this.entries.values()) this.schedule(e, firstRunDelayMs);
  }

  stop(): void {
    this.started = false;
    for (const e of this.entries.values()) {
      if (e.timer) clearTimeout(e.timer);
      e.timer = null;
      e.state.nextRunAt = null;
    }
  }

  list(): JobState[] {
    // A job may change its interval as it runs (the price feed's back-off).
    return [...this.entries.values()].map((e) => ({ ...e.state, intervalMs: e.job.intervalMs }));
  }

  /** Runs the named job now and waits for it; null for an unknown name. */
  async runNow(name: string, trigger: RunTrigger = MANUAL): Promise<RunOutcome | null> {
    const e = this.entries.get(name);
    return e ? this.execute(e, trigger) : null;
  }

  /** What the job's timer does: runs it unless its current interval is already claimed (here or elsewhere). */
  async runTimed(name: string): Promise<RunOutcome | null> {
    const e = this.entries.get(name);
    return e ? this.execute(e, { kind: 'schedule' }) : null;
  }

  /** Runs a job now unless it is already running here; returns rows affected, or null when skipped or failed. */
  async runOnce(job: Job): Promise<number | null> {
    const outcome = await this.execute(this.entry(job), MANUAL);
    return outcome.status === 'ok' ? outcome.affected : null;
  }

  private entry(job: Job): Entry {
    let e = this.entries.get(job.name);
    if (!e) {
      e = {
        job,
        timer: null,
        state: {
          name: job.name,
          intervalMs: job.intervalMs,
          lastRunAt: null,
          lastDurationMs: null,
          lastAffected: null,
          lastError: null,
          lastSuccessAt: null,
          since: this.now(),
          running: false,
          nextRunAt: null,
        },
      };
      this.entries.set(job.name, e);
    }
    return e;
  }

  private schedule(e: Entry, delayMs: number): void {
    e.state.nextRunAt = new Date(this.now().getTime() + delayMs);
    e.timer = setTimeout(() => {
      void this.execute(e, { kind: 'schedule' }).then(() => {
        if (this.started) this.schedule(e, e.job.intervalMs);
      });
    }, delayMs);
    e.timer.unref();
  }

  private async execute(e: Entry, trigger: RunTrigger): Promise<RunOutcome> {
    const s = e.state;
    if (s.running) return { status: 'busy', job: { ...s } };
    s.running = true;
    const at = this.now();
    const started = performance.now();
    let runId: number | null = null;
    let outcome: { status: 'ok'; affected: number } | { status: 'failed'; error: string };
    try {
      if (this.store) {
        const slot = trigger.kind === 'schedule' ? slotOf(at, e.job.intervalMs) : null;
        runId = await this.store.begin({ job: e.job.name, trigger, instance: this.instance, startedAt: at, slot });
        if (runId === null) {
          s.running = false;
          return { status: 'claimed', job: { ...s } };
        }
      }
      outcome = { status: 'ok', affected: await e.job.run(this.db, at) };
    } catch (err) {
      this.log.error({ err, job: e.job.name }, 'job failed');
      outcome = { status: 'failed', error: describeError(err) };
    }
    const ms = Math.round(performance.now() - started);
    Object.assign(s, {
      running: false,
      lastRunAt: at,
      lastDurationMs: ms,
      lastAffected: outcome.status === 'ok' ? outcome.affected : null,
      lastError: outcome.status === 'failed' ? outcome.error : null,
    });
    if (outcome.status === 'ok') s.lastSuccessAt = at;
    if (this.store && runId !== null) {
      const end: RunEnd = {
        finishedAt: new Date(at.getTime() + ms),
        durationMs: ms,
        affected: outcome.status === 'ok' ? outcome.affected : null,
        error: outcome.status === 'failed' ? outcome.error : null,
      };
      await this.store
        .finish(runId, end)
        .catch((err: unknown) => this.log.error({ err, job: e.job.name }, 'job run not recorded'));
    }
    if (outcome.status === 'ok') this.log.info({ job: e.job.name, affected: outcome.affected, ms }, 'job ran');
    return { ...outcome, job: { ...s }, runId };
  }
}

/**
 * One line a staff member may read. Drizzle puts the SQL text and its parameters in its own
 * message and the database's reason in `cause`; the SQL stays in the log.
 */
export function describeError(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.message.startsWith('Failed query') && e.cause !== undefined) e = e.cause;
  const text = e instanceof Error ? e.message : String(e);
  if (text.startsWith('Failed query')) return 'A database query failed (details in the server log)';
  return (text.split('\n')[0] ?? '').slice(0, 300) || 'Unknown error';
}
