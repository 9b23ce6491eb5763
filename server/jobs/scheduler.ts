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

/** Runs each job on its interval; a job never overlaps itself in this process. */
export class Scheduler {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Runs every job once soon after start-up (catching up after downtime), then on its interval. */
  start(jobs: Job[], firstRunDelayMs = 5_000): void {
    for (const job of jobs) {
      const first = setTimeout(() => void this.runOnce(job), firstRunDelayMs);
      first.unref();
      this.timers.push(first);
      const timer = setInterval(() => void this.runOnce(job), job.intervalMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Runs a job now unless it is already running here; returns rows affected, or null when skipped or failed. */
  async runOnce(job: Job): Promise<number | null> {
    if (this.running.has(job.name)) return null;
    this.running.add(job.name);
    const started = performance.now();
    try {
      const affected = await job.run(this.db, this.now());
      if (affected !== null) this.log.info({ job: job.name, affected, ms: Math.round(performance.now() - started) }, 'job ran');
      return affected;
    } catch (err) {
      this.log.error({ err, job: job.name }, 'job failed');
      return null;
    } finally {
      this.running.delete(job.name);
    }
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }
}
