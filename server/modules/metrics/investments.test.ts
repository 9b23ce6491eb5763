import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { plans } from '../../db/schema';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { testClock } from '../../test/clock';
import { creditManualDeposit } from '../deposits/manual';
import { accrueDueReturns } from '../investments/accrual';
import { DAY_MS, invest } from '../investments/invest';

let t: TestContext;
const clock = testClock(new Date('2026-06-15T12:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

describe('investment metrics', () => {
  it('computes plan, platform and user figures and the returns charts from the data', async () => {
    const admin = await signIn(t.database, 'admin');
    const a = await signIn(t.database);
    const b = await signIn(t.database);
    const [starter] = await t.database.db.select().from(plans).where(eq(plans.name, 'Starter'));
    const [growth] = await t.database.db.select().from(plans).where(eq(plans.name, 'Growth'));
    const start = new Date(clock.now().getTime() - 3 * DAY_MS);
    for (const u of [a, b])
      await creditManualDeposit(t.database.db, {
        adminId: admin.userId,
        userId: u.userId,
        amount: 1_000_000n,
        currency: 'BTC',
        notes: '',
        now: start,
      });
    const s = await t.app.settings.get();
    await invest(t.database.db, s, { userId: a.userId, planId: starter!.id, amount: 100_000n }, start); // $1000, $2/day
    // $6000, 15%/60d = $15/day
    await invest(t.database.db, s, { userId: a.userId, planId: growth!.id, amount: 600_000n }, start);
    await invest(t.database.db, s, { userId: b.userId, planId: starter!.id, amount: 300_000n }, start); // $3000, $6/day
    await accrueDueReturns(t.database.db, clock.now()); // 3 days each

    const pm = (await t.app.inject({ method: 'GET', url: '/api/metrics/plans', cookies: admin.cookie })).json();
    expect(pm).toMatchObject({ totalPlans: 3, totalSubscriptions: 3, totalRevenue: 10_000 });
    expect(pm.planSubscriptionData).toEqual({
      labels: ['Starter', 'Growth', 'Premium'],
      datasets: [{ label: 'Active subscriptions', data: [2, 1, 0] }],
    });
    expect(pm.planRevenueData.datasets[0].data).toEqual([4000, 6000, 0]);

    const platform = (
      await t.app.inject({ method: 'GET', url: '/api/metrics/investments', cookies: admin.cookie })
    ).json();
    expect(platform).toMatchObject({
      totalInvestmentAmount: 10_000,
      activeInvestors: 2,
      totalInvestors: 2,
      successRate: 100,
    });

    const mine = (
      await t.app.inject({ method: 'GET', url: `/api/metrics/user-investment-metrics/${a.userId}`, cookies: a.cookie })
    ).json();
    expect(mine).toEqual({ totalInvestmentPrincipal: 7000, totalInvestmentReturns: 51, totalInvestmentBalance: 7051 });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/metrics/user-investment-metrics/${a.userId}`,
          cookies: b.cookie,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics/plans', cookies: a.cookie })).statusCode).toBe(403);

    const acct = (
      await t.app.inject({ method: 'GET', url: `/api/metrics/account/${a.userId}`, cookies: a.cookie })
    ).json();
    expect(acct).toEqual({
      totalBalance: 10_051,
      availableBalance: 3_051,
      investedBalance: 7_000,
      withdrawalHold: 0,
      totalTransactions: 9,
      activeInvestments: 2,
      accountLevel: 'Silver',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/metrics/account/${a.userId}`, cookies: b.cookie })).statusCode,
    ).toBe(403);

    const week = (
      await t.app.inject({ method: 'GET', url: '/api/metrics/investment-chart/week', cookies: a.cookie })
    ).json();
    expect(week.labels).toHaveLength(7);
    expect(week.datasets[0].data.slice(-4)).toEqual([0, 17, 17, 17]);
    const month = (
      await t.app.inject({ method: 'GET', url: '/api/metrics/investment-chart/month', cookies: a.cookie })
    ).json();
    expect(month.labels).toHaveLength(30);
    const year = (
      await t.app.inject({ method: 'GET', url: '/api/metrics/investment-chart/year', cookies: a.cookie })
    ).json();
    expect(year.labels.length).toBeGreaterThanOrEqual(12);
    expect(year.datasets[0].data.at(-1)).toBe(51);
    const all = (
      await t.app.inject({
        method: 'GET',
        url: '/api/metrics/investment-returns-chart?period=week',
        cookies: admin.cookie,
      })
    ).json();
    expect(all.datasets[0].data.slice(-3)).toEqual([23, 23, 23]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/metrics/investment-chart/decade', cookies: a.cookie }))
        .statusCode,
    ).toBe(400);
  });
});
