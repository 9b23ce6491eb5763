import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client';
import { jobRunHistory } from '../../db/schema';
import { Scheduler, slotOf, type Job } from '../../jobs/scheduler';
import { testClock } from '../../test/clock';
import { createSharedTestDatabase } from '../../test/db';
import { JOB_RUN_RETENTION_MS, jobRunStore, withRecordedRuns } from './runs';

const silent = { info() {}, error() {}, warn() {} } as unknown as FastifyBaseLogger;
const INTERVAL = 60_000;

let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
let one: Database;
let two: Database;
beforeAll(async () => {
  shared = await createSharedTestDatabase();
  one = await shared.open();
  two = await shared.open();
});
afterAll(() => shared.close());

/** A job counting its runs, whichever instance runs it. */
function countingJob(name: string) {
  const runs: Date[] = [];
  const job: Job = {
    name,
    intervalMs: INTERVAL,
    run: async (_db: Db, now: Date) => {
      runs.push(now);
      return runs.length;
    },
  };
  return { job, runs };
}

/** An instance of the app: its own scheduler on its own connections, recording in the shared history. */
function instance(database: Database, name: string, now: () => Date, job: Job) {
  const scheduler = new Scheduler(database.db, silent, now, [job], { instance: name });
  scheduler.useStore(jobRunStore(database.db));
  return scheduler;
}

const history = (db: Db, job: string) =>
  db.select().from(jobRunHistory).where(eq(jobRunHistory.job, job)).orderBy(asc(jobRunHistory.id));

describe('two instances on one database', () => {
  it('run each timed job once per interval, whichever timers fire; Run now is not limited', async () => {
    // Mid-interval, so that the test's own steps stay inside one interval.
    const clock = testClock(new Date(Date.UTC(2026, 4, 1, 12, 0, 30)));
    const counted = countingJob('claimed-count');
    const web1 = instance(one, 'web-1', clock.now, counted.job);
    const web2 = instance(two, 'web-2', clock.now, counted.job);

    expect(await web1.runTimed('claimed-count')).toMatchObject({ status: 'ok', affected: 1 });
    clock.advance(10_000);
    expect(await web2.runTimed('claimed-count')).toMatchObject({ status: 'claimed' });
    expect(await web1.runTimed('claimed-count')).toMatchObject({ status: 'claimed' });
    expect(counted.runs).toHaveLength(1);
    // The instance that lost the claim shows no run of its own.
    expect(web2.list()[0]).toMatchObject({ lastRunAt: null, running: false });

    // Next interval: both timers fire at once; one claim wins, on either instance.
    clock.advance(INTERVAL);
    const both = await Promise.all([web1.runTimed('claimed-count'), web2.runTimed('claimed-count')]);
    expect(both.map((o) => o?.status).sort()).toEqual(['claimed', 'ok']);
    expect(counted.runs).toHaveLength(2);

    // Run now runs whenever asked (the jobs' own locks keep their work apart).
    expect(await web2.runNow('claimed-count', { kind: 'manual', userId: null, userName: 'ops' })).toMatchObject({
      status: 'ok',
      affected: 3,
    });

    const rows = await history(one.db, 'claimed-count');
    const first = new Date(Date.UTC(2026, 4, 1, 12, 0, 0));
    expect(rows.map((r) => [r.trigger, r.slot?.toISOString() ?? null, r.triggeredByName, r.affected])).toEqual([
      ['schedule', first.toISOString(), null, 1],
      ['schedule', new Date(first.getTime() + INTERVAL).toISOString(), null, 2],
      ['manual', null, 'ops', 3],
    ]);
    expect(rows[0]!.instance).toBe('web-1');
    expect(['web-1', 'web-2']).toContain(rows[1]!.instance);
    expect(rows[2]!.instance).toBe('web-2');
    expect(rows.every((r) => r.finishedAt !== null && r.error === null)).toBe(true);

    // Each instance's monitor shows every run, whichever instance made it.
    const [seenBy1] = await withRecordedRuns(one.db, web1.list());
    const [seenBy2] = await withRecordedRuns(two.db, web2.list());
    expect(seenBy1!.recentRuns.map((r) => r.id)).toEqual(rows.map((r) => r.id).reverse());
    expect(seenBy2!.recentRuns).toEqual(seenBy1!.recentRuns);
    expect(seenBy2).toMatchObject({ lastAffected: 3, lastError: null });
  });

  it('claim the interval on the grid of the job', () => {
    expect(slotOf(new Date('2026-05-01T12:00:59.999Z'), 60_000)).toEqual(new Date('2026-05-01T12:00:00Z'));
    expect(slotOf(new Date('2026-05-01T12:01:00Z'), 60_000)).toEqual(new Date('2026-05-01T12:01:00Z'));
    expect(slotOf(new Date('2026-05-01T12:07:30Z'), 15 * 60_000)).toEqual(new Date('2026-05-01T12:00:00Z'));
  });
});

describe('the run history', () => {
  it('keeps a failed run with its error, and forgets runs older than 90 days when a run ends', async () => {
    const clock = testClock(new Date('2026-08-01T00:00:00Z'));
    const failing: Job = {
      name: 'pruning-failing',
      intervalMs: INTERVAL,
      run: async () => {
        throw new Error('feed unreachable\nstack');
      },
    };
    const ago = (ms: number) => new Date(clock.now().getTime() - ms);
    const old = { job: 'pruned-old', trigger: 'manual' as const, instance: 'web-9' };
    await one.db.insert(jobRunHistory).values([
      { ...old, startedAt: ago(JOB_RUN_RETENTION_MS + 60_000), finishedAt: ago(JOB_RUN_RETENTION_MS) },
      { ...old, startedAt: ago(JOB_RUN_RETENTION_MS - 60_000), finishedAt: ago(JOB_RUN_RETENTION_MS - 60_000) },
    ]);
    const web1 = instance(one, 'web-1', clock.now, failing);
    expect(await web1.runTimed('pruning-failing')).toMatchObject({ status: 'failed', error: 'feed unreachable' });

    expect((await history(one.db, 'pruned-old')).map((r) => r.startedAt)).toEqual([ago(JOB_RUN_RETENTION_MS - 60_000)]);
    expect(await history(one.db, 'pruning-failing')).toMatchObject([
      { trigger: 'schedule', instance: 'web-1', affected: null, error: 'feed unreachable', startedAt: clock.now() },
    ]);
  });
});
