import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { termsWith } from '../../../contract/test-terms';
import { asc, eq } from 'drizzle-orm';
import { PAYOUT_PERIODS, schedule, startPosition, utcDate, type Terms } from '../../../contract/schedule';
import { investments, plans, returnUpdates } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { creditManualDeposit } from '../deposits/manual';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';
import { accrueDueReturns } from './accrual';
import { cancelInvestment } from './cancel';
import { invest } from './invest';

/**
 * Issue 19's acceptance on a real database: what the accrual job pays, for any combination of plan
 * options, is the schedule of contract/schedule.ts to the cent (each payout, its compounded part, its
 * time, the capital at the end), whatever the run times (catch-up equals paying on time), and two
 * concurrent runs pay each payout once.
 */

let t: TestContext;
let adminId: number;
const HOUR = 3_600_000;
const admin = () => ({ userId: adminId, userName: 'admin', role: 'admin' as const, ip: '127.0.0.1' });

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await signIn(t.database, 'admin')).userId;
});
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  await t.close();
});

const arbTerms: fc.Arbitrary<Terms> = fc.record({
  period: fc.constantFrom(...PAYOUT_PERIODS),
  term: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null, freq: 3 }),
  rateBp: fc.integer({ min: 1, max: 5_000 }),
  fixedPayout: fc.option(fc.bigInt({ min: 1n, max: 50_000n }), { nil: null, freq: 3 }),
  capitalReturned: fc.boolean(),
  workingDaysOnly: fc.boolean(),
  principalCap: fc.constant(10n ** 12n),
});
const arbStart = fc.date({
  min: new Date('2027-01-01T00:00:00Z'),
  max: new Date('2027-12-31T00:00:00Z'),
  noInvalidDate: true,
});

/** A plan with `terms`, compounding allowed from 0 to 100%, and an investor holding one investment in it. */
async function investIn(terms: Terms, principal: bigint, percent: number, start: Date) {
  const [plan] = await t.database.db
    .insert(plans)
    .values({
      name: `Options ${terms.period}`,
      description: 'x',
      payoutPeriod: terms.period,
      termPeriods: terms.term,
      interestRateBp: terms.rateBp,
      fixedPayout: terms.fixedPayout,
      capitalReturned: terms.capitalReturned,
      workingDaysOnly: terms.workingDaysOnly,
      compoundMinPercent: 0,
      compoundMaxPercent: 100,
      minimumInvestment: 1n,
      maximumInvestment: 10n ** 12n,
    })
    .returning();
  const userId = await insertUser(t.database);
  await creditManualDeposit(t.database.db, {
    adminId,
    userId,
    amount: principal,
    currency: 'BTC',
    notes: '',
    now: start,
  });
  const settings = { ...(await t.app.settings.get()), kycRequiredAboveInvestment: '' };
  const inv = await invest(
    t.database.db,
    settings,
    { userId, planId: plan!.id, amount: principal, compoundPercent: percent },
    start,
  );
  return { userId, inv };
}

const paidRows = (investmentId: number) =>
  t.database.db
    .select()
    .from(returnUpdates)
    .where(eq(returnUpdates.investmentId, investmentId))
    .orderBy(asc(returnUpdates.dayIndex));

describe('accrual of every plan option', () => {
  it('pays the schedule to the cent, at its times, whatever the run times; capital returned or retained at the end', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbTerms,
        arbStart,
        fc.bigInt({ min: 100n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 100 }),
        fc
          .array(
            fc.date({
              min: new Date('2027-01-01T00:00:00Z'),
              max: new Date('2028-12-31T00:00:00Z'),
              noInvalidDate: true,
            }),
            {
              maxLength: 6,
            },
          )
          .map((ds) => new Set(ds.map(utcDate))),
        fc.array(fc.integer({ min: 1, max: 60 * 24 }), { minLength: 1, maxLength: 4 }),
        async (terms, start, principal, percent, holidays, gapsHours) => {
          const { userId, inv } = await investIn(terms, principal, percent, start);
          // Runs at increasing times after the start; the last one far enough for a short fixed term to finish.
          let at = start.getTime();
          for (const g of gapsHours) await accrueDueReturns(t.database.db, new Date((at += g * HOUR)), { holidays });
          const now = new Date(at);
          const expected = schedule(terms, start, startPosition(principal, percent), holidays, 10_000).filter(
            (p) => p.at <= now,
          );
          const rows = await paidRows(inv.id);
          expect(rows.map((r) => [r.dayIndex, r.amount, r.compounded, r.payoutDate.toISOString()])).toEqual(
            expected.map((p) => [p.number, p.amount, p.compounded, p.at.toISOString()]),
          );
          const [after] = await t.database.db.select().from(investments).where(eq(investments.id, inv.id));
          const finished = terms.term !== null && expected.length === terms.term;
          const compounded = expected.reduce((s, p) => s + p.compounded, 0n);
          const paidOut = expected.reduce((s, p) => s + p.amount - p.compounded, 0n);
          expect(after).toMatchObject({
            status: finished ? 'ended' : 'running',
            paidPeriods: expected.length,
            compounded,
          });
          const capitalBack = finished && terms.capitalReturned ? principal + compounded : 0n;
          expect(await userBalances(t.database.db, userId)).toEqual({
            available: paidOut + capitalBack,
            invested: finished ? 0n : principal + compounded,
            withdrawal_hold: 0n,
          });
          // Later samples' runs must not pay this one: it stops here.
          if (!finished) await cancelInvestment(t.database.db, inv.id, admin(), now);
        },
      ),
      { numRuns: 25 },
    );
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  }, 120_000);

  it('a monthly compounding plan caught up after a year pays what twelve monthly runs pay', async () => {
    const terms = termsWith({ period: 'monthly', term: 12, rateBp: 2400, workingDaysOnly: true });
    const start = new Date('2027-01-31T09:00:00Z');
    const holidays = new Set(['2027-03-01', '2027-12-31']);
    const once = await investIn(terms, 1_000_000n, 40, start);
    const monthly = await investIn(terms, 1_000_000n, 40, start);
    // One investment paid by a run each month, then the other by one run a year on.
    for (let m = 1; m <= 13; m++) {
      const runAt = new Date(Date.UTC(2027, m, 5, 12));
      await accrueDueReturns(t.database.db, runAt, { holidays });
      if (m === 1) await cancelInvestment(t.database.db, once.inv.id, admin(), runAt).catch(() => undefined);
    }
    expect((await paidRows(monthly.inv.id)).length).toBe(12);
    const late = await investIn(terms, 1_000_000n, 40, start);
    await accrueDueReturns(t.database.db, new Date('2028-02-05T12:00:00Z'), { holidays });
    const strip = (rows: Awaited<ReturnType<typeof paidRows>>) =>
      rows.map((r) => [r.dayIndex, r.amount, r.compounded, r.payoutDate.toISOString()]);
    expect(strip(await paidRows(late.inv.id))).toEqual(strip(await paidRows(monthly.inv.id)));
    const months = (await paidRows(late.inv.id)).map((r) => r.payoutDate.toISOString().slice(0, 10));
    // February's payout falls on Sunday the 28th, Monday is a holiday: it is made on Tuesday.
    expect(months.slice(0, 3)).toEqual(['2027-03-02', '2027-03-31', '2027-04-30']);
    expect(await userBalances(t.database.db, late.userId)).toEqual(await userBalances(t.database.db, monthly.userId));
  });

  it('two concurrent runs pay each payout of every option once', async () => {
    const start = new Date('2027-06-01T00:00:00Z');
    const made = await Promise.all(
      (
        [
          termsWith({ period: 'hourly', term: 30, rateBp: 300, workingDaysOnly: true }),
          termsWith({ term: null, rateBp: 10, capitalReturned: false }),
          termsWith({ period: 'weekly', term: 3, rateBp: 900, capitalReturned: false }),
          termsWith({ period: 'monthly', term: null, rateBp: 0, fixedPayout: 2_500n, workingDaysOnly: true }),
        ] satisfies Terms[]
      ).map(async (terms) => ({ terms, ...(await investIn(terms, 500_000n, 25, start)) })),
    );
    const now = new Date('2027-07-15T00:00:00Z');
    await Promise.all([accrueDueReturns(t.database.db, now), accrueDueReturns(t.database.db, now)]);
    for (const m of made) {
      const expected = schedule(m.terms, start, startPosition(500_000n, 25), new Set(), 10_000).filter(
        (p) => p.at <= now,
      );
      expect((await paidRows(m.inv.id)).map((r) => [r.dayIndex, r.amount])).toEqual(
        expected.map((p) => [p.number, p.amount]),
      );
      await cancelInvestment(t.database.db, m.inv.id, admin(), now).catch(() => undefined);
    }
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });
});
