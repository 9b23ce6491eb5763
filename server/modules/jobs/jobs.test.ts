import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobList, JobRunPage, RunJobResponse } from '../../../contract/jobs';
import { instanceId } from '../../config';
import { dailyIncrement, totalReturnCents } from '../../../contract/returns';
import type { Db } from '../../db/client';
import { auditLog, jobRunHistory, plans, returnUpdates, users } from '../../db/schema';
import { Scheduler, type Job } from '../../jobs/scheduler';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { testClock } from '../../test/clock';
import { creditManualDeposit } from '../deposits/manual';
import { DAY_MS, invest } from '../investments/invest';
import { userBalances } from '../ledger/accounts';
import { createSession } from '../sessions/service';
import { SESSION_COOKIE } from '../../plugins/auth';

const clock = testClock(new Date());
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

/** A staff session that outlives the days the clock is moved forward in these tests. */
async function longSession(role: 'admin' | 'moderator' | 'user') {
  const userId = await insertUser(t.database, { role });
  const { token } = await createSession(t.database.db, { userId, ttlMs: 30 * DAY_MS, now: clock.now() });
  return { userId, cookies: { [SESSION_COOKIE]: token } };
}

const list = (cookies?: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/admin/jobs', cookies });
const run = (name: string, cookies?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/jobs/${name}/run`, cookies });

describe('who may see and run jobs', () => {
  it('refuses the anonymous (401) and plain users (403)', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await run('accrual')).statusCode).toBe(401);
    const user = await signIn(t.database, 'user');
    expect((await list(user.cookie)).statusCode).toBe(403);
    expect((await run('accrual', user.cookie)).statusCode).toBe(403);
  });

  it('lets a moderator list the jobs but not run one', async () => {
    const mod = await signIn(t.database, 'moderator');
    const res = await list(mod.cookie);
    expect(res.statusCode).toBe(200);
    const { jobs } = res.json<JobList>();
    // Every job of the platform, registered in one place (jobs/index.ts).
    expect(jobs.map((j) => j.name).sort()).toEqual([
      'accrual',
      'btcpay-payouts',
      'btcpay-reconcile',
      'notification-delivery',
      'price-refresh',
      'proof-of-liabilities',
      'session-expiry',
      'table-statistics',
      'telegram-link',
      'totals-compaction',
    ]);
    // No timers in tests: nothing has run and nothing is scheduled.
    expect(jobs.find((j) => j.name === 'accrual')).toEqual({
      name: 'accrual',
      intervalMs: 3_600_000,
      lastRunAt: null,
      lastDurationMs: null,
      lastAffected: null,
      lastError: null,
      lastSuccessAt: null,
      running: false,
      nextRunAt: null,
      recentRuns: [],
    });
    expect(res.json<JobList>().warnings).toEqual([]);

    const denied = await run('session-expiry', mod.cookie);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'ADMIN_REQUIRED', message: 'Unauthorized: Admin access required' });
    const after = (await list(mod.cookie)).json<JobList>().jobs.find((j) => j.name === 'session-expiry');
    expect(after?.lastRunAt).toBeNull();
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, mod.userId))).toEqual([]);
  });

  it('answers 404 in the JSON error shape for an unknown job', async () => {
    const admin = await longSession('admin');
    const res = await run('no-such-job', admin.cookies);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Job not found', code: 'NOT_FOUND' });
  });
});

describe('Run now', () => {
  it('pays the due days of the accrual once; a second run pays nothing twice', async () => {
    const admin = await longSession('admin');
    const [plan] = await t.database.db
      .insert(plans)
      .values({
        name: 'Jobs test plan',
        description: 'x',
        termPeriods: 10,
        interestRateBp: 1000,
        minimumInvestment: 100n,
        maximumInvestment: 100_000_000n,
      })
      .returning();
    const userId = await insertUser(t.database);
    const principal = 50_001n;
    await creditManualDeposit(t.database.db, {
      adminId: admin.userId,
      userId,
      amount: principal,
      currency: 'BTC',
      notes: '',
      now: clock.now(),
    });
    const inv = await invest(
      t.database.db,
      await t.app.settings.get(),
      { userId, planId: plan!.id, amount: principal },
      clock.now(),
    );
    // 5,000.1 -> 5,000 cents total, 500 a day
    const increment = dailyIncrement(totalReturnCents(principal, 1000), 10, 1);
    expect(increment).toBe(500n);
    const before = await userBalances(t.database.db, userId);

    clock.advance(3 * DAY_MS + 3_600_000);
    const first = await run('accrual', admin.cookies);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<RunJobResponse>();
    expect(body.message).toBe('Job accrual finished. Rows affected: 3');
    expect(body.job).toMatchObject({
      name: 'accrual',
      lastRunAt: clock.now().toISOString(),
      lastAffected: 3,
      lastError: null,
      running: false,
      nextRunAt: null,
    });
    expect(body.job.lastDurationMs).toBeGreaterThanOrEqual(0);
    const paid = () => t.database.db.select().from(returnUpdates).where(eq(returnUpdates.investmentId, inv.id));
    expect((await paid()).map((r) => [r.dayIndex, r.amount])).toEqual([
      [1, increment],
      [2, increment],
      [3, increment],
    ]);
    expect((await userBalances(t.database.db, userId)).available - before.available).toBe(3n * increment);

    const second = await run('accrual', admin.cookies);
    expect(second.statusCode).toBe(200);
    expect(second.json<RunJobResponse>().job.lastAffected).toBe(0);
    expect(await paid()).toHaveLength(3);
    expect((await userBalances(t.database.db, userId)).available - before.available).toBe(3n * increment);

    // Both runs are in the audit log as the admin's actions, and the monitor shows the last one.
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.userId), eq(auditLog.action, 'job.run')));
    expect(logged.map((l) => [l.targetType, l.targetId, l.after])).toEqual([
      ['job', 'accrual', { status: 'ok', affected: 3 }],
      ['job', 'accrual', { status: 'ok', affected: 0 }],
    ]);
    const shown = (await list(admin.cookies)).json<JobList>().jobs.find((j) => j.name === 'accrual');
    expect(shown).toMatchObject({
      lastAffected: 0,
      lastRunAt: clock.now().toISOString(),
      lastSuccessAt: clock.now().toISOString(),
    });
    // Both runs are kept in the history every instance reads, newest first, with who pressed Run now and where it ran.
    const [{ userName }] = (await t.database.db
      .select({ userName: users.userName })
      .from(users)
      .where(eq(users.id, admin.userId))) as [{ userName: string }];
    const expected = [0, 3].map((affected) => ({
      job: 'accrual',
      trigger: 'manual',
      triggeredBy: userName,
      instance: instanceId(undefined),
      startedAt: clock.now().toISOString(),
      affected,
      error: null,
    }));
    expect(shown?.recentRuns).toMatchObject(expected);
    for (const r of shown!.recentRuns) {
      expect(r.durationMs).toBeGreaterThanOrEqual(0);
      expect(Date.parse(r.finishedAt!)).toBe(Date.parse(r.startedAt) + r.durationMs!);
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/jobs/accrual/runs?page=1&limit=1',
      cookies: admin.cookies,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<JobRunPage>()).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 2 });
    expect(page.json<JobRunPage>().data).toEqual([shown!.recentRuns[0]]);
    const older = await t.app.inject({
      method: 'GET',
      url: '/api/admin/jobs/accrual/runs?page=2&limit=1',
      cookies: admin.cookies,
    });
    expect(older.json<JobRunPage>().data).toEqual([shown!.recentRuns[1]]);
    const stored = await t.database.db.select().from(jobRunHistory).where(eq(jobRunHistory.job, 'accrual'));
    expect(stored.map((r) => [r.trigger, r.triggeredBy, r.slot])).toEqual([
      ['manual', admin.userId, null],
      ['manual', admin.userId, null],
    ]);
  });
});

describe('the runs of a job', () => {
  it('are listed to staff only, page by page; an unknown job is 404 and a bad page 400', async () => {
    // The clock has moved days ahead in the tests above.
    const mod = { cookie: (await longSession('moderator')).cookies };
    const user = { cookie: (await longSession('user')).cookies };
    const url = '/api/admin/jobs/session-expiry/runs';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, cookies: user.cookie })).statusCode).toBe(403);
    const empty = await t.app.inject({ method: 'GET', url, cookies: mod.cookie });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ data: [], currentPage: 1, totalPages: 1, totalItems: 0 });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/admin/jobs/nope/runs', cookies: mod.cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Job not found', code: 'NOT_FOUND' });
    for (const q of ['page=-1', 'limit=0', 'page=x'])
      expect((await t.app.inject({ method: 'GET', url: `${url}?${q}`, cookies: mod.cookie })).statusCode).toBe(400);
  });
});

describe('with the scheduler main.ts passes in', () => {
  let started: () => void = () => undefined;
  let release: () => void = () => undefined;
  let runs = 0;
  const gate: Job = {
    name: 'gate',
    intervalMs: 60_000,
    run: () =>
      new Promise<number>((resolve) => {
        runs += 1;
        release = () => resolve(7);
        started();
      }),
  };
  const silent = { info() {}, error() {}, warn() {} } as unknown as FastifyBaseLogger;
  const scheduler = new Scheduler({} as Db, silent, () => new Date(), [gate]);
  let own: TestContext;
  beforeAll(async () => {
    own = await createTestApp({ scheduler });
  });
  afterAll(() => own.close());

  it('serves that scheduler, and answers 409 instead of running a job twice', async () => {
    const admin = await signIn(own.database, 'admin');
    const isRunning = new Promise<void>((r) => (started = r));
    const first = own.app.inject({ method: 'POST', url: '/api/admin/jobs/gate/run', cookies: admin.cookie });
    await isRunning;
    const listed = await own.app.inject({ method: 'GET', url: '/api/admin/jobs', cookies: admin.cookie });
    // The app adds its own jobs (notification delivery, Telegram link) to the scheduler it is given.
    expect(listed.json<JobList>().jobs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'gate', running: true }),
        expect.objectContaining({ name: 'notification-delivery' }),
      ]),
    );

    const second = await own.app.inject({ method: 'POST', url: '/api/admin/jobs/gate/run', cookies: admin.cookie });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'JOB_RUNNING',
      message: 'This job is already running; wait for it to finish',
    });

    release();
    const done = await first;
    expect(done.statusCode).toBe(200);
    expect(done.json<RunJobResponse>().job).toMatchObject({ name: 'gate', lastAffected: 7, running: false });
    expect(runs).toBe(1);
  });
});

describe('the stalled-accrual warning', () => {
  it('appears once the accrual has not completed for more than twice its interval, from any instance, and clears after a run', async () => {
    const clk = testClock(new Date('2026-06-01T10:00:00Z'));
    const own = await createTestApp({ now: clk.now });
    try {
      const admin = await signIn(own.database, 'admin');
      const warnings = async () =>
        (await own.app.inject({ method: 'GET', url: '/api/admin/jobs', cookies: admin.cookie })).json<JobList>()
          .warnings;
      clk.advance(2 * 3_600_000);
      expect(await warnings()).toEqual([]); // exactly twice the interval: not yet
      clk.advance(60_000);
      expect(await warnings()).toEqual([
        'The accrual job has not completed since start-up at Jun 1, 2026, 10:00 AM UTC (more than 120 minutes, twice its interval): daily returns are not being paid.',
      ]);
      // Site Health carries the same warning.
      const health = (
        await own.app.inject({ method: 'GET', url: '/api/metrics/site-health', cookies: admin.cookie })
      ).json<{ warnings: string[] }>();
      expect(health.warnings).toEqual(await warnings());
      // Another instance (or this one before a restart) recorded a run: the warning goes.
      await own.database.db.insert(jobRunHistory).values({
        job: 'accrual',
        trigger: 'schedule',
        instance: 'web-2',
        slot: clk.now(),
        startedAt: clk.now(),
        finishedAt: clk.now(),
        durationMs: 12,
        affected: 4,
      });
      expect(await warnings()).toEqual([]);
      const listed = (await own.app.inject({ method: 'GET', url: '/api/admin/jobs', cookies: admin.cookie }))
        .json<JobList>()
        .jobs.find((j) => j.name === 'accrual');
      expect(listed).toMatchObject({ lastAffected: 4, lastDurationMs: 12, lastRunAt: clk.now().toISOString() });
      clk.advance(3 * 3_600_000);
      expect(await warnings()).toEqual([
        'The accrual job has not completed since Jun 1, 2026, 12:01 PM UTC (more than 120 minutes, twice its interval): daily returns are not being paid.',
      ]);
      expect(
        (await own.app.inject({ method: 'POST', url: '/api/admin/jobs/accrual/run', cookies: admin.cookie }))
          .statusCode,
      ).toBe(200);
      expect(await warnings()).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

describe('Site Health', () => {
  it('warns from every instance’s run history: a job failing run after run, then one that stopped running', async () => {
    const clk = testClock(new Date('2026-07-01T10:00:00Z'));
    const own = await createTestApp({ now: clk.now });
    try {
      const admin = await signIn(own.database, 'admin');
      const health = async () =>
        (await own.app.inject({ method: 'GET', url: '/api/metrics/site-health', cookies: admin.cookie })).json<{
          warnings: string[];
        }>().warnings;
      const monitor = async () =>
        (await own.app.inject({ method: 'GET', url: '/api/admin/jobs', cookies: admin.cookie })).json<JobList>()
          .warnings;
      const ran = (minutesAgo: number, error: string | null, instance = 'web-2') => {
        const at = new Date(clk.now().getTime() - minutesAgo * 60_000);
        return {
          job: 'btcpay-reconcile',
          trigger: 'schedule' as const,
          instance,
          slot: at,
          startedAt: at,
          finishedAt: at,
          durationMs: 40,
          affected: error ? null : 0,
          error,
        };
      };
      await own.database.db
        .insert(jobRunHistory)
        .values([ran(25, null), ran(15, 'BTCPay answered 502', 'web-1'), ran(5, 'BTCPay answered 502')]);
      expect(await health()).toEqual([]);
      await own.database.db.insert(jobRunHistory).values(ran(1, 'BTCPay answered 503'));
      const failing =
        'The btcpay-reconcile job failed its last 3 runs (the latest at Jul 1, 2026, 9:59 AM UTC on web-2): BTCPay answered 503';
      expect(await health()).toEqual([failing]);
      expect(await monitor()).toEqual([failing]);

      await own.database.db.insert(jobRunHistory).values(ran(0, null, 'web-3'));
      expect(await health()).toEqual([]);
      // Ten-minute interval: quiet for twenty minutes, then the job has stopped running everywhere.
      clk.advance(20 * 60_000);
      expect(await health()).toEqual([]);
      clk.advance(1_000);
      expect(await health()).toEqual([
        'The btcpay-reconcile job has not run since Jul 1, 2026, 10:00 AM UTC (more than 20 minutes, twice its interval).',
      ]);
    } finally {
      await own.close();
    }
  });
});
