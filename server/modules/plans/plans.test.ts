import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { PlanMsg } from '../../../contract/plans';
import { auditLog, investments, plans } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { forgetSubscriberCounts, SUBSCRIBER_COUNT_TTL_MS } from './service';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
});
afterAll(() => t.close());

const form = {
  name: 'Test Plan',
  description: 'For tests',
  duration: 10,
  interestRate: '12.5',
  minimumInvestment: '100',
  maximumInvestment: 1000,
};
const create = (payload: object, cookies: Record<string, string> = admin.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/plans', cookies, payload });

/** A running investment of a new user in `planId`, written straight to the table. */
async function runningInvestment(planId: number): Promise<void> {
  const now = new Date();
  await t.database.db.insert(investments).values({
    userId: await insertUser(t.database),
    planId,
    principal: 10_000n,
    interestRateBp: 1250,
    termPeriods: 10,
    principalCap: 10_000n,
    totalReturn: 1_250n,
    startDate: now,
    endDate: now,
  });
}

describe('plans', () => {
  it('lists the seeded plans publicly, in order, with exact figures', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((p: { name: string }) => p.name)).toEqual(['Starter', 'Growth', 'Premium']);
    expect(data[1]).toMatchObject({
      duration: 60,
      interestRate: 15,
      minimumInvestment: 5000,
      maximumInvestment: 24999,
      color: 'purple',
      activeSubscribers: 0,
      archived: false,
    });
    expect(data[0].benefits.length).toBeGreaterThan(0);
  });

  it('an admin creates and updates a plan; the rate is kept exactly', async () => {
    const res = await create(form);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'New plan created successfully',
      data: { interestRate: 12.5, minimumInvestment: 100, maximumInvestment: 1000 },
    });
    const [row] = await t.database.db.select().from(plans).where(eq(plans.id, res.json().data.id));
    expect(row!.interestRateBp).toBe(1250);
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/plans/${row!.id}`,
      cookies: admin.cookie,
      payload: { ...form, name: 'Renamed', interestRate: 7 },
    });
    expect(upd.json()).toMatchObject({
      message: 'Plan updated successfully',
      data: { name: 'Renamed', interestRate: 7 },
    });
  });

  it("the spec's six fields make today's plan: daily, fixed term, capital back, no compounding, every day", async () => {
    const res = await create(form);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      payoutPeriod: 'daily',
      openEnded: false,
      duration: 10,
      interestRate: 12.5,
      fixedPayout: null,
      capitalReturned: true,
      compounding: null,
      workingDaysOnly: false,
      minLockPeriods: 0,
      earlyExitFee: 0,
      maxActivePerUser: null,
    });
    const [row] = await t.database.db.select().from(plans).where(eq(plans.id, res.json().data.id));
    expect(row).toMatchObject({
      payoutPeriod: 'daily',
      termPeriods: 10,
      interestRateBp: 1250,
      fixedPayout: null,
      capitalReturned: true,
      compoundMinPercent: null,
      compoundMaxPercent: null,
      workingDaysOnly: false,
      minLockPeriods: 0,
      exitFeeBp: 0,
      maxActivePerUser: null,
      minimumInvestment: 10_000n,
      maximumInvestment: 100_000n,
    });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ description: '' }, 'description'],
    [{ duration: 0 }, 'duration'],
    [{ duration: 1.5 }, 'duration'],
    [{ interestRate: -3 }, 'interestRate'],
    [{ interestRate: '1.234' }, 'interestRate'],
    [{ minimumInvestment: 0 }, 'minimumInvestment'],
    [{ minimumInvestment: 2000 }, 'maximumInvestment'],
    [{ maximumInvestment: 'lots' }, 'maximumInvestment'],
  ])('refuses %j', async (patch, field) => {
    const res = await create({ ...form, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('round-trips every option through create, list, update and the audit log', async () => {
    const weekly = {
      ...form,
      payoutPeriod: 'weekly',
      openEnded: true,
      duration: null,
      interestRate: '1.25',
      compounding: { min: 10, max: '50' },
      workingDaysOnly: true,
      minLockPeriods: '4',
      earlyExitFee: '2.5',
      maxActivePerUser: 2,
    };
    const res = await create(weekly);
    expect(res.statusCode, res.body).toBe(201);
    const expected = {
      payoutPeriod: 'weekly',
      openEnded: true,
      duration: null,
      interestRate: 1.25,
      fixedPayout: null,
      capitalReturned: true,
      compounding: { min: 10, max: 50 },
      workingDaysOnly: true,
      minLockPeriods: 4,
      earlyExitFee: 2.5,
      maxActivePerUser: 2,
    };
    expect(res.json().data).toMatchObject(expected);
    const id = res.json().data.id;
    const listed = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json().data;
    expect(listed.find((p: { id: number }) => p.id === id)).toEqual(res.json().data);
    const [row] = await t.database.db.select().from(plans).where(eq(plans.id, id));
    expect(row).toMatchObject({
      payoutPeriod: 'weekly',
      termPeriods: null,
      interestRateBp: 125,
      compoundMinPercent: 10,
      compoundMaxPercent: 50,
      workingDaysOnly: true,
      minLockPeriods: 4,
      exitFeeBp: 250,
      maxActivePerUser: 2,
    });

    // The same plan becomes a monthly fixed-amount plan that keeps the principal.
    const monthly = {
      ...form,
      payoutPeriod: 'monthly',
      duration: 6,
      interestRate: undefined,
      fixedPayout: '12.34',
      capitalReturned: false,
      minimumInvestment: 500,
      maximumInvestment: '500.00',
    };
    const upd = await t.app.inject({ method: 'PUT', url: `/api/plans/${id}`, cookies: admin.cookie, payload: monthly });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({
      payoutPeriod: 'monthly',
      openEnded: false,
      duration: 6,
      interestRate: 0,
      fixedPayout: 12.34,
      capitalReturned: false,
      compounding: null,
      workingDaysOnly: false,
      minLockPeriods: 0,
      earlyExitFee: 0,
      maxActivePerUser: null,
      minimumInvestment: 500,
      maximumInvestment: 500,
      benefits: expect.arrayContaining(['Monthly payouts to your balance', 'Your principal is not returned']),
    });
    const [after] = await t.database.db.select().from(plans).where(eq(plans.id, id));
    expect(after).toMatchObject({ termPeriods: 6, interestRateBp: 0, fixedPayout: 1234n, capitalReturned: false });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'plan.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.before).toMatchObject(expected);
    expect(audit!.after).toMatchObject({ payoutPeriod: 'monthly', fixedPayout: 12.34, capitalReturned: false });
  });

  const fixedAmount = { minimumInvestment: 500, maximumInvestment: 500 };
  it.each([
    ['open-ended with a duration', { openEnded: true }, 'duration', PlanMsg.durationOpenEnded],
    ['fixed term without a duration', { duration: null }, 'duration', PlanMsg.durationRequired],
    ['a blank duration', { duration: '' }, 'duration', PlanMsg.durationRequired],
    ['a term too long', { duration: 10_001 }, 'duration', PlanMsg.duration],
    ['an unknown period', { payoutPeriod: 'yearly' }, 'payoutPeriod', PlanMsg.period],
    ['no rate and no fixed payout', { interestRate: undefined }, 'interestRate', PlanMsg.rateRequired],
    ['a fixed payout on a range', { interestRate: undefined, fixedPayout: 5 }, 'fixedPayout', PlanMsg.fixedPayoutRange],
    ['a fixed payout and a rate', { ...fixedAmount, fixedPayout: 5 }, 'interestRate', PlanMsg.rateWithFixedPayout],
    ['a fixed payout of 0', { ...fixedAmount, interestRate: '', fixedPayout: 0 }, 'fixedPayout', PlanMsg.fixedPayout],
    [
      'a fixed payout in fractions of a cent',
      { ...fixedAmount, fixedPayout: '1.001' },
      'fixedPayout',
      PlanMsg.fixedPayout,
    ],
    ['compounding min above max', { compounding: { min: 60, max: 50 } }, 'compounding.max', PlanMsg.compoundingOrder],
    ['compounding above 100', { compounding: { min: 0, max: 101 } }, 'compounding.max', PlanMsg.compounding],
    ['compounding in fractions', { compounding: { min: 0.5, max: 10 } }, 'compounding.min', PlanMsg.compounding],
    ['a lock on a fixed term', { minLockPeriods: 3 }, 'minLockPeriods', PlanMsg.lockOpenEndedOnly],
    ['a negative lock', { openEnded: true, duration: null, minLockPeriods: -1 }, 'minLockPeriods', PlanMsg.lock],
    ['an exit fee on a fixed term', { earlyExitFee: 1 }, 'earlyExitFee', PlanMsg.exitFeeOpenEndedOnly],
    [
      'an exit fee above 100',
      { openEnded: true, duration: null, earlyExitFee: 100.5 },
      'earlyExitFee',
      PlanMsg.exitFee,
    ],
    [
      'an exit fee with 3 decimals',
      { openEnded: true, duration: null, earlyExitFee: '1.234' },
      'earlyExitFee',
      PlanMsg.exitFee,
    ],
    [
      'an exit fee as a float artefact',
      { openEnded: true, duration: null, earlyExitFee: 0.1 + 0.2 },
      'earlyExitFee',
      PlanMsg.exitFee,
    ],
    ['a cap of 0', { maxActivePerUser: 0 }, 'maxActivePerUser', PlanMsg.cap],
    ['a cap in fractions', { maxActivePerUser: 1.5 }, 'maxActivePerUser', PlanMsg.cap],
  ])('refuses %s: 400 with the message, nothing stored', async (_, patch, field, message) => {
    const [before] = await t.database.db.select({ n: count() }).from(plans);
    const res = await create({ ...form, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
    const [after] = await t.database.db.select({ n: count() }).from(plans);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a bad update and leaves the plan as it was', async () => {
    const id = (await create(form)).json().data.id;
    const [before] = await t.database.db.select().from(plans).where(eq(plans.id, id));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/plans/${id}`,
      cookies: admin.cookie,
      payload: { ...form, openEnded: true, earlyExitFee: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: 'duration', message: PlanMsg.durationOpenEnded });
    const [after] = await t.database.db.select().from(plans).where(eq(plans.id, id));
    expect(after).toEqual(before);
  });

  it("lists the upcoming year's holidays with the plans, sorted, for working-days estimates", async () => {
    const now = Date.now();
    const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    await t.app.settings.update({ holidays: [day(400), day(30), day(-3), day(2)] }, admin.userId);
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.json().holidays).toEqual([day(2), day(30)]);
    await t.app.settings.update({ holidays: [] }, admin.userId);
    expect((await t.app.inject({ method: 'GET', url: '/api/plans' })).json().holidays).toEqual([]);
  });

  it('only admins change plans', async () => {
    for (const role of ['user', 'moderator'] as const) {
      const who = await signIn(t.database, role);
      const res = await create(form, who.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Unauthorized: Admin access required');
      expect((await t.app.inject({ method: 'DELETE', url: '/api/plans/1', cookies: who.cookie })).statusCode).toBe(403);
    }
  });

  it('deletes an unused plan, archives a used one, and 404s an unknown one', async () => {
    const unused = (await create(form)).json().data.id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/plans/${unused}`, cookies: admin.cookie })).json(),
    ).toEqual({ archived: false, message: 'Plan deleted successfully' });
    const used = (await create(form)).json().data.id;
    await runningInvestment(used);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/plans/${used}`, cookies: admin.cookie });
    expect(res.json().archived).toBe(true);
    // The lists before counted no investor; counts are reused for a minute (below).
    forgetSubscriberCounts(t.database.db);
    const publicList = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json().data;
    expect(publicList.some((p: { id: number }) => p.id === used)).toBe(false);
    const staffList = (
      await t.app.inject({ method: 'GET', url: '/api/plans?includeArchived=true', cookies: admin.cookie })
    ).json().data;
    expect(staffList.find((p: { id: number }) => p.id === used)).toMatchObject({
      archived: true,
      activeSubscribers: 1,
    });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/plans/999999', cookies: admin.cookie })).statusCode).toBe(
      404,
    );
  });

  it('reuses the investor counts for a minute instead of counting every running investment per list', async () => {
    const plan = (await create({ ...form, name: 'Counted' })).json().data.id;
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/plans' })).json().data.find((p: { id: number }) => p.id === plan)
        .activeSubscribers;
    forgetSubscriberCounts(t.database.db);
    expect(await listed()).toBe(0);
    await runningInvestment(plan);
    expect(SUBSCRIBER_COUNT_TTL_MS).toBe(60_000);
    expect(await listed()).toBe(0);
    forgetSubscriberCounts(t.database.db);
    expect(await listed()).toBe(1);
  });
});
