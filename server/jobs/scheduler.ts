import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../db/client';

export interface Job {
  name: string;
  /** Distinct advisory-lock key: one instance runs the job at a time across app servers. */
  lockKey: number;
  intervalMs: number;
  /** Must be idempotent: it may run again after a crash or on another instance. Returns rows affected. */
  run(db: Db, now: Date): Promise<number>;
}

/**
 * Runs each job on its interval. A job never overlaps itself in this process, and an
 * advisory lock held for the run keeps other instances sharing the database out.
 */
export class Scheduler {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(jobs: Job[]): void {
    for (const job of jobs) {
      const timer = setInterval(() => void this.runOnce(job), job.intervalMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Runs a job now unless it is already running here or on another instance; returns rows affected or null when skipped. */
  async runOnce(job: Job): Promise<number | null> {
    if (this.running.has(job.name)) return null;
    this.running.add(job.name);
    const started = performance.now();
    try {
      const affected = await this.db.transaction(async (tx) => {
        const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${job.lockKey}) as locked`);
        if (!lock?.locked) return null;
        return job.run(tx as unknown as Db, this.now());
      });
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
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }
}
