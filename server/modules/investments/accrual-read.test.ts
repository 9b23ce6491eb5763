import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { investments, plans } from '../../db/schema';
import { createTestApp, insertUser, type TestContext } from '../../test/app';
import { dueFromJson, readBatch } from './accrual';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the accrual's batch read", () => {
  it('gives back every term and position exactly as stored: money past 2^53, nulls, a start with microseconds', async () => {
    const [plan] = await t.database.db
      .insert(plans)
      .values({
        name: 'Read',
        description: 'x',
        termPeriods: 5,
        interestRateBp: 1,
        minimumInvestment: 1n,
        maximumInvestment: 1n,
      })
      .returning();
    const userId = await insertUser(t.database);
    const huge = 9_007_199_254_740_993n; // 2^53 + 1: a number would round it
    const values = (over: Partial<typeof investments.$inferInsert>) => ({
      userId,
      planId: plan!.id,
      principal: huge,
      principalCap: huge + 7n,
      interestRateBp: 1234,
      payoutPeriod: 'weekly' as const,
      termPeriods: null,
      fixedPayout: huge - 2n,
      capitalReturned: false,
      workingDaysOnly: true,
      compoundPercent: 37,
      compounded: 123n,
      paidPeriods: 4,
      lastBoundary: 6,
      carry: 5n,
      startDate: new Date('2026-01-02T03:04:05.678Z'),
      nextPayoutAt: new Date('2026-02-01T00:00:00Z'),
      ...over,
    });
    await t.database.db.insert(investments).values([
      values({}),
      values({
        payoutPeriod: 'hourly',
        termPeriods: 9,
        fixedPayout: null,
        capitalReturned: true,
        workingDaysOnly: false,
      }),
    ]);
    // A start written with microseconds reads as its millisecond, as everywhere else a Date is read.
    await t.database.db.execute(
      sql`update investments set start_date = '2026-01-02T03:04:05.678999Z' where user_id = ${userId} and payout_period = 'hourly'`,
    );
    const { due: read } = await readBatch(t.database.db, userId - 1, userId, new Date('2026-02-01T00:00:00Z'));
    const stored = await t.database.db.select().from(investments).where(eq(investments.userId, userId));
    expect(read).toHaveLength(2);
    for (const r of read) {
      const s = stored.find((x) => x.id === r.id)!;
      expect(r).toEqual({
        id: s.id,
        user_id: userId,
        start_date: s.startDate,
        payout_period: s.payoutPeriod,
        term_periods: s.termPeriods,
        interest_rate_bp: s.interestRateBp,
        fixed_payout: s.fixedPayout,
        capital_returned: s.capitalReturned,
        working_days_only: s.workingDaysOnly,
        principal: huge,
        compounded: 123n,
        paid_periods: 4,
        last_boundary: 6,
        carry: 5n,
        compound_percent: 37,
        principal_cap: huge + 7n,
      });
      expect(r.start_date.toISOString()).toBe('2026-01-02T03:04:05.678Z');
    }
    expect(new Set(read.map((r) => r.fixed_payout))).toEqual(new Set([null, huge - 2n]));
    // Not due yet, or another user's: not read.
    expect((await readBatch(t.database.db, userId - 1, userId, new Date('2026-01-31T23:59:59Z'))).due).toEqual([]);
    expect((await readBatch(t.database.db, userId, userId + 1, new Date('2026-02-01T00:00:00Z'))).due).toEqual([]);
  });

  it('refuses a value of the wrong shape instead of paying on it', () => {
    const good = [1, 2, 0, 'daily', 30, 1000, null, true, false, '100', '0', 0, 0, '0', 0, '100'];
    expect(dueFromJson(good).principal).toBe(100n);
    const bad: [number, unknown][] = [
      [0, 1.5],
      [1, '2'],
      [2, 2 ** 53],
      [3, 'fortnightly'],
      [6, 7],
      [7, 'true'],
      [9, '1.5'],
      [9, 100],
      [13, null],
      [15, ''],
    ];
    for (const [i, v] of bad) expect(() => dueFromJson(good.map((x, j) => (j === i ? v : x)))).toThrow();
    expect(() => dueFromJson(good.slice(1))).toThrow();
    expect(() => dueFromJson({})).toThrow();
  });
});
