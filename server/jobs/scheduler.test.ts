import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { instanceId, loadConfig, serverClock } from '../config';
import type { Db } from '../db/client';
import { testClock } from '../test/clock';
import { describeError, Scheduler, type Job, type RunEnd, type RunStart, type RunStore } from './scheduler';

const logs: string[] = [];
const log = {
  info: (_o: object, m: string) => logs.push(m),
  error: (_o: object, m: string) => logs.push(m),
  warn() {},
} as unknown as FastifyBaseLogger;
// These jobs never touch the database.
const db = {} as Db;
// The scheduler's timers run on a fake clock: each step moves it exactly, however busy the machine.
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

/** A job that runs until the test releases it. */
function gatedJob(name: string, affected = 1) {
  const job = {
    runs: 0,
    nowSeen: [] as Date[],
    release: () => undefined as void,
    job: {
      name,
      intervalMs: 60_000,
      run: (_db: Db, now: Date) =>
        new Promise<number>((resolve) => {
          job.runs += 1;
          job.nowSeen.push(now);
          job.release = () => resolve(affected);
        }),
    } satisfies Job,
  };
  return job;
}

let scheduler: Scheduler | undefined;
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  scheduler?.stop();
  vi.useRealTimers();
});

describe('scheduler', () => {
  it('runs each job soon after start, never overlapping itself, and survives a failing job', async () => {
    const slow = gatedJob('slow');
    const failing: Job = {
      name: 'failing',
      intervalMs: 60_000,
      run: async () => {
        throw new Error('boom');
      },
    };
    scheduler = new Scheduler(db, log, undefined, [slow.job, failing]);
    scheduler.start(10);
    await tick(50);
    expect(slow.runs).toBe(1);
    expect(await scheduler.runOnce(slow.job)).toBeNull(); // still running: skipped
    expect(slow.runs).toBe(1);
    slow.release();
    await tick(10);
    expect(await scheduler.runOnce(failing)).toBeNull();
    expect(logs).toContain('job failed');
  });

  it('keeps what each run did, on its own clock, and schedules the next run after it', async () => {
    const clock = testClock(new Date('2026-05-01T12:00:00Z'));
    const job = gatedJob('count', 4);
    scheduler = new Scheduler(db, log, clock.now, [job.job]);
    expect(scheduler.list()).toEqual([
      {
        name: 'count',
        intervalMs: 60_000,
        lastRunAt: null,
        lastDurationMs: null,
        lastAffected: null,
        lastError: null,
        lastSuccessAt: null,
        since: new Date('2026-05-01T12:00:00Z'),
        running: false,
        nextRunAt: null,
      },
    ]);

    scheduler.start(20);
    expect(scheduler.list()[0]!.nextRunAt).toEqual(new Date('2026-05-01T12:00:00.020Z'));
    await tick(60);
    expect(scheduler.list()[0]).toMatchObject({ running: true, lastRunAt: null });

    clock.advance(5_000);
    job.release();
    await tick(10);
    const after = scheduler.list()[0]!;
    // lastRunAt is when the run started, on the scheduler's clock (the one the job was given).
    expect(after).toMatchObject({
      running: false,
      lastRunAt: new Date('2026-05-01T12:00:00Z'),
      lastSuccessAt: new Date('2026-05-01T12:00:00Z'),
      lastAffected: 4,
      lastError: null,
    });
    expect(job.nowSeen).toEqual([new Date('2026-05-01T12:00:00Z')]);
    expect(after.lastDurationMs).toBeGreaterThanOrEqual(0);
    expect(after.nextRunAt).toEqual(new Date('2026-05-01T12:01:05Z'));

    scheduler.stop();
    expect(scheduler.list()[0]!.nextRunAt).toBeNull();
  });

  it('takes jobs added after construction, and refuses a second job of the same name', async () => {
    const later = gatedJob('later', 3);
    scheduler = new Scheduler(db, log);
    scheduler.start(10);
    scheduler.add(later.job);
    expect(() => scheduler!.add(later.job)).toThrow(/already scheduled/);
    await tick(30);
    expect(later.runs).toBe(1); // a job added after start runs at once, then on its interval
    later.release();
    await tick(10);
    const again = scheduler.runNow('later');
    await tick();
    later.release();
    expect(await again).toMatchObject({ status: 'ok', affected: 3 });
    expect(later.runs).toBe(2);
    expect(scheduler.list().map((j) => j.name)).toEqual(['later']);
  });

  it('runNow waits for the run, refuses a second concurrent one, and records failures', async () => {
    const job = gatedJob('gate', 2);
    let fail = true;
    const flaky: Job = {
      name: 'flaky',
      intervalMs: 1_000,
      run: async () => {
        if (fail) throw new Error('price feed down\nat line 2');
        return 9;
      },
    };
    scheduler = new Scheduler(db, log, undefined, [job.job, flaky]);

    expect(await scheduler.runNow('nope')).toBeNull();

    const first = scheduler.runNow('gate');
    await tick();
    const second = await scheduler.runNow('gate');
    expect(second).toMatchObject({ status: 'busy', job: { name: 'gate', running: true } });
    job.release();
    expect(await first).toMatchObject({ status: 'ok', affected: 2, job: { running: false, lastAffected: 2 } });
    expect(job.runs).toBe(1);

    expect(await scheduler.runNow('flaky')).toMatchObject({
      status: 'failed',
      error: 'price feed down',
      job: { lastError: 'price feed down', lastAffected: null },
    });
    fail = false;
    expect(await scheduler.runNow('flaky')).toMatchObject({
      status: 'ok',
      affected: 9,
      job: { lastError: null, lastAffected: 9 },
    });
  });

  it('never shows SQL text in an error message', () => {
    const driver = new Error('new row for relation "ledger_accounts" violates check constraint "balance_non_negative"');
    const wrapped = new Error('Failed query: update ledger_accounts set balance = $1\nparams: 5', { cause: driver });
    expect(describeError(wrapped)).toBe(
      'new row for relation "ledger_accounts" violates check constraint "balance_non_negative"',
    );
    expect(describeError(new Error('Failed query: select secret from x'))).toBe(
      'A database query failed (details in the server log)',
    );
    expect(describeError('plain')).toBe('plain');
  });
});

/** A run store in memory that claims each (job, slot) once, as the database's unique key does. */
function memoryStore() {
  const started: (RunStart & { id: number })[] = [];
  const finished = new Map<number, RunEnd>();
  const claimed = new Set<string>();
  const store: RunStore = {
    async begin(run) {
      if (run.slot) {
        const key = `${run.job} ${run.slot.toISOString()}`;
        if (claimed.has(key)) return null;
        claimed.add(key);
      }
      started.push({ ...run, id: started.length + 1 });
      return started.length;
    },
    async finish(id, end) {
      finished.set(id, end);
    },
  };
  return { store, started, finished };
}

describe('the scheduler with a run store', () => {
  it('records timed runs with the interval they claim, and skips a run whose interval is claimed', async () => {
    const clock = testClock(new Date('2026-05-01T12:00:00.500Z'));
    const job = gatedJob('claims', 5);
    const { store, started, finished } = memoryStore();
    scheduler = new Scheduler(db, log, clock.now, [job.job], { instance: 'web-7' });
    scheduler.useStore(store);
    scheduler.start(10);
    await tick(20);
    expect(job.runs).toBe(1);
    clock.advance(1_000);
    job.release();
    await tick();
    expect(started).toEqual([
      {
        id: 1,
        job: 'claims',
        trigger: { kind: 'schedule' },
        instance: 'web-7',
        startedAt: new Date('2026-05-01T12:00:00.500Z'),
        slot: new Date('2026-05-01T12:00:00Z'),
      },
    ]);
    expect(finished.get(1)).toMatchObject({ affected: 5, error: null });
    expect(finished.get(1)!.finishedAt.getTime()).toBe(
      new Date('2026-05-01T12:00:00.500Z').getTime() + finished.get(1)!.durationMs,
    );

    // Another instance's timer in the same interval: claimed, not run, nothing recorded.
    expect(await scheduler.runTimed('claims')).toMatchObject({ status: 'claimed', job: { running: false } });
    expect(job.runs).toBe(1);
    expect(await scheduler.runTimed('nope')).toBeNull();

    // Run now is recorded with who asked, and never claims an interval.
    const now = scheduler.runNow('claims', { kind: 'manual', userId: 4, userName: 'ops' });
    await tick();
    job.release();
    expect(await now).toMatchObject({ status: 'ok', runId: 2 });
    expect(started[1]).toMatchObject({ trigger: { kind: 'manual', userId: 4, userName: 'ops' }, slot: null });

    // The next interval's timer runs again.
    clock.advance(60_000);
    await tick(60_000);
    expect(job.runs).toBe(3);
    job.release();
    await tick();
    expect(started[2]).toMatchObject({ trigger: { kind: 'schedule' }, slot: new Date('2026-05-01T12:01:00Z') });
  });

  it('fails a run whose start cannot be recorded, without running it', async () => {
    const job = gatedJob('unrecorded');
    scheduler = new Scheduler(db, log, undefined, [job.job]);
    scheduler.useStore({
      begin: async () => {
        throw new Error('connection refused');
      },
      finish: async () => undefined,
    });
    expect(await scheduler.runTimed('unrecorded')).toMatchObject({
      status: 'failed',
      error: 'connection refused',
      runId: null,
      job: { lastError: 'connection refused', running: false },
    });
    expect(job.runs).toBe(0);
  });

  it('names its instance as configured, else hostname:pid', () => {
    expect(new Scheduler(db, log, undefined, [], { instance: 'web-3' }).instance).toBe('web-3');
    expect(new Scheduler(db, log).instance).toBe(`${os.hostname()}:${process.pid}`);
    expect(instanceId('  eu-1 ')).toBe('eu-1');
    expect(loadConfig({ INSTANCE_ID: 'eu-2' }).instanceId).toBe('eu-2');
    expect(loadConfig({}).instanceId).toBe(`${os.hostname()}:${process.pid}`);
  });
});

describe('the test clock main.ts hands to the app and the scheduler', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clock-'));
  const file = path.join(dir, 'offset');

  it('is honoured only when NODE_ENV is test', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK_FILE: file }).testClockFile).toBe(file);
    expect(
      loadConfig({ NODE_ENV: 'production', TEST_CLOCK_FILE: file, APP_SECRET: 'x'.repeat(32) }).testClockFile,
    ).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development', TEST_CLOCK_FILE: file }).testClockFile).toBeUndefined();
    expect(loadConfig({ TEST_CLOCK_FILE: file }).testClockFile).toBeUndefined();
  });

  it('is real time plus the offset in the file, read on every call', () => {
    const now = serverClock(file);
    const near = (d: Date, offset: number) => Math.abs(d.getTime() - (Date.now() + offset)) < 1_000;
    expect(near(now(), 0)).toBe(true); // no file yet
    fs.writeFileSync(file, '');
    expect(near(now(), 0)).toBe(true);
    fs.writeFileSync(file, '259200000\n');
    expect(near(now(), 259_200_000)).toBe(true);
    fs.writeFileSync(file, '-5000');
    expect(near(now(), -5_000)).toBe(true);
    fs.writeFileSync(file, 'three days');
    expect(() => now()).toThrow(/integer number of ms/);
    expect(near(serverClock(undefined)(), 0)).toBe(true);
  });
});
