import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { investments, plans } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';

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
    const userId = await insertUser(t.database);
    const now = new Date();
    await t.database.db.insert(investments).values({
      userId,
      planId: used,
      principal: 10_000n,
      interestRateBp: 1250,
      termPeriods: 10,
      principalCap: 10_000n,
      totalReturn: 1_250n,
      startDate: now,
      endDate: now,
    });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/plans/${used}`, cookies: admin.cookie });
    expect(res.json().archived).toBe(true);
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
});
