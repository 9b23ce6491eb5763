import type { FastifyBaseLogger } from 'fastify';
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

export type RunOutcome =
  | { status: 'ok'; affected: number; job: JobState }
  | { status: 'failed'; error: string; job: JobState }
  /** Already running in this process: not started a second time. */
  | { status: 'busy'; job: JobState };

interface Entry {
  job: Job;
  state: JobState;
  timer: NodeJS.Timeout | null;
}

/**
 * Keeps the jobs, their timers and what each last run did. A job never overlaps itself in
 * this process; across instances the jobs' own advisory locks keep them apart.
 */
export class Scheduler {
  private readonly entries = new Map<string, Entry>();
  private started = false;
  private recorder: ((state: JobState) => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
    jobs: Job[] = [],
  ) {
    for (const job of jobs) this.entry(job);
  }

  /** Adds a job that needs something built after the scheduler (e.g. the app's settings store). */
  add(job: Job): void {
    if (this.entries.has(job.name)) throw new Error(`job ${job.name} is already scheduled`);
    const e = this.entry(job);
    if (this.started) this.schedule(e, 0);
  }

  /**
   * Called after every run with the job's new state (the app keeps it in `job_runs`); a failure is logged, never
   * thrown.
   */
  onRun(recorder: (state: JobState) => Promise<void>): void {
    this.recorder = recorder;
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
    return [...this.entries.values()].map((e) => ({ ...e.state }));
  }

  /** Runs the named job now and waits for it; null for an unknown name. */
  async runNow(name: string): Promise<RunOutcome | null> {
    const e = this.entries.get(name);
    return e ? this.execute(e) : null;
  }

  /** Runs a job now unless it is already running here; returns rows affected, or null when skipped or failed. */
  async runOnce(job: Job): Promise<number | null> {
    const outcome = await this.execute(this.entry(job));
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
      void this.execute(e).then(() => {
        if (this.started) this.schedule(e, e.job.intervalMs);
      });
    }, delayMs);
    e.timer.unref();
  }

  private async execute(e: Entry): Promise<RunOutcome> {
    const s = e.state;
    if (s.running) return { status: 'busy', job: { ...s } };
    s.running = true;
    const at = this.now();
    const started = performance.now();
    let outcome: { status: 'ok'; affected: number } | { status: 'failed'; error: string };
    try {
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
    if (this.recorder)
      await this.recorder({ ...s }).catch((err: unknown) =>
        this.log.error({ err, job: e.job.name }, 'job run not recorded'),
      );
    if (outcome.status === 'ok') this.log.info({ job: e.job.name, affected: outcome.affected, ms }, 'job ran');
    return { ...outcome, job: { ...s } };
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
