import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Investment } from '../../../contract/investments';
import { toCents } from '../../../contract/money';
import { investments, plans } from '../../db/schema';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { queryRows } from '../../test/rows';
import { creditManualDeposit } from '../deposits/manual';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';
import { accrueDueReturns } from './accrual';

/** The investor's side of plan options over HTTP: compounding, ending an open-ended plan, the per-investor cap. */

let t: TestContext;
let adminId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await signIn(t.database, 'admin')).userId;
});
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  await t.close();
});

async function plan(values: Partial<typeof plans.$inferInsert>) {
  const [p] = await t.database.db
    .insert(plans)
    .values({
      name: 'Options',
      description: 'x',
      termPeriods: 10,
      interestRateBp: 1000,
      minimumInvestment: 100n,
      maximumInvestment: 10_000_000n,
      ...values,
    })
    .returning();
  return p!;
}

async function investor(cents: bigint) {
  const who = await signIn(t.database);
  if (cents === 0n) return who;
  await creditManualDeposit(t.database.db, {
    adminId,
    userId: who.userId,
    amount: cents,
    currency: 'BTC',
    notes: '',
    now: new Date('2027-05-01T00:00:00Z'),
  });
  return who;
}

type Caller = Awaited<ReturnType<typeof investor>>;
const investIn = (who: Caller, planId: number, amount: number, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/investments', cookies: who.cookie, payload: { planId, amount, ...extra } });
const investmentOf = async (who: Caller, planId: number, amount: number, extra: Record<string, unknown> = {}) => {
  const res = await investIn(who, planId, amount, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { investment: Investment } }>().data.investment;
};
const setCompounding = (who: Caller, id: number, percent: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/investments/${id}/compounding`, cookies: who.cookie, payload: { percent } });
const end = (who: Caller, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/investments/${id}/end`, cookies: who.cookie });
const row = async (id: number) => (await t.database.db.select().from(investments).where(eq(investments.id, id)))[0]!;

describe('compounding', () => {
  it('starts at the plan’s least, takes a choice within its range, and refuses one outside it', async () => {
    const p = await plan({ compoundMinPercent: 10, compoundMaxPercent: 60 });
    const who = await investor(1_000_000n);
    expect((await investmentOf(who, p.id, 100)).compoundPercent).toBe(10);
    const refused = await investIn(who, p.id, 100, { compoundPercent: 70 });
    expect([refused.statusCode, refused.json().message]).toEqual([422, 'Choose a compounding between 10% and 60%']);
    const inv = await investmentOf(who, p.id, 1000, { compoundPercent: 50 });
    expect(inv).toMatchObject({ compoundPercent: 50, compounding: { min: 10, max: 60 } });

    const out = await setCompounding(who, inv.id, 61);
    expect([out.statusCode, out.json().message]).toEqual([422, 'Choose a compounding between 10% and 60%']);
    for (const bad of [-1, 101, 'x', 2.5]) expect((await setCompounding(who, inv.id, bad)).statusCode).toBe(400);
    const other = await investor(0n);
    expect((await setCompounding(other, inv.id, 20)).statusCode).toBe(404);
    expect((await row(inv.id)).compoundPercent).toBe(50);

    const ok = await setCompounding(who, inv.id, 20);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'From the next payout, 20% of each payout is added to your principal' });
    // The first payout compounds 20%: $1,000 × 10% / 10 = $10, $2 of it into the principal.
    await accrueDueReturns(t.database.db, new Date(Date.parse(inv.startDate) + DAY));
    expect(await row(inv.id)).toMatchObject({ paidPeriods: 1, compounded: 200n, paidAmount: 1000n });
    // The promise shown after the change is what the term pays in all.
    const promised = ok.json<{ data: Investment }>().data.totalReturn!;
    expect(promised).not.toBe(inv.totalReturn);
    await accrueDueReturns(t.database.db, new Date(Date.parse(inv.startDate) + 11 * DAY));
    expect(await row(inv.id)).toMatchObject({ status: 'ended', paidAmount: toCents(String(promised)) });
  });

  it('a plan without compounding refuses any', async () => {
    const p = await plan({});
    const who = await investor(100_000n);
    const refused = await investIn(who, p.id, 100, { compoundPercent: 5 });
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      'This plan does not compound: leave the compounding at 0%',
    ]);
    const inv = await investmentOf(who, p.id, 100);
    expect((await setCompounding(who, inv.id, 0)).statusCode).toBe(422);
  });
});

describe('ending an open-ended investment', () => {
  it('waits for the lock, then returns the principal less the exit fee, once', async () => {
    const p = await plan({ termPeriods: null, interestRateBp: 100, minLockPeriods: 2, exitFeeBp: 250 });
    const fixed = await plan({});
    const who = await investor(2_000_000n);
    const inv = await investmentOf(who, p.id, 10_000);
    expect(inv).toMatchObject({ duration: null, endDate: null, minLockPeriods: 2, earlyExitFee: 2.5 });
    const locked = await end(who, inv.id);
    expect([locked.statusCode, locked.json()]).toMatchObject([
      422,
      { code: 'INVESTMENT_LOCKED', message: 'Payouts left before this investment can be ended: 2' },
    ]);
    const term = await investmentOf(who, fixed.id, 100);
    expect((await end(who, term.id)).json()).toMatchObject({ code: 'BUSINESS_RULE' });
    expect((await end(await investor(0n), inv.id)).statusCode).toBe(404);

    await accrueDueReturns(t.database.db, new Date(Date.parse(inv.startDate) + 2 * DAY));
    const before = await userBalances(t.database.db, who.userId);
    const done = await end(who, inv.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'Investment ended: its principal is back in your balance',
      data: { status: 'ended', nextPayout: null },
    });
    // $10,000 less 2.5% = $9,750 back; $250 to fees.
    expect(await userBalances(t.database.db, who.userId)).toEqual({
      available: before.available + 975_000n,
      invested: before.invested - 1_000_000n,
      withdrawal_hold: 0n,
    });
    expect((await end(who, inv.id)).statusCode).toBe(409);
    const [fees] = await queryRows<{ total: string }>(
      t.database.db,
      sql`select sum(p.amount)::text as total from postings p join ledger_accounts a on a.id = p.account_id join journal_entries e on e.id = p.entry_id where a.kind = 'fees' and e.idempotency_key = ${`end:${inv.id}`}`,
    );
    expect(fees!.total).toBe('25000');
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('a plan that keeps its capital moves the principal to retained_principal, and ledger:verify checks it', async () => {
    const p = await plan({ termPeriods: null, interestRateBp: 100, capitalReturned: false });
    const who = await investor(500_000n);
    const inv = await investmentOf(who, p.id, 5_000);
    const done = await end(who, inv.id);
    expect(done.json()).toMatchObject({ message: 'Investment ended: this plan does not return its principal' });
    expect(await userBalances(t.database.db, who.userId)).toEqual({ available: 0n, invested: 0n, withdrawal_hold: 0n });
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
    // A retained principal the investments do not account for is caught.
    await t.database.db.update(investments).set({ capitalReturned: true }).where(eq(investments.id, inv.id));
    expect((await verifyLedger(t.database.db)).problems).toEqual([
      expect.stringMatching(/^retained_principal holds \d+ but the ended plans that keep capital hold \d+$/),
    ]);
    await t.database.db.update(investments).set({ capitalReturned: false }).where(eq(investments.id, inv.id));
  });
});

describe('the per-investor cap', () => {
  it('refuses an investment beyond it, even when the requests race', async () => {
    const p = await plan({ maxActivePerUser: 2 });
    const who = await investor(1_000_000n);
    const results = await Promise.all(Array.from({ length: 16 }, () => investIn(who, p.id, 100)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, ...Array<number>(14).fill(422)]);
    expect(results.find((r) => r.statusCode === 422)!.json()).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: 'You already hold the most running investments this plan allows per investor: 2',
    });
    const [n] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*)::text as n from investments where plan_id = ${p.id}`,
    );
    expect(n!.n).toBe('2');
  });
});

describe('investors acting while the accrual runs', () => {
  it('an end or a compounding change never meets a batch half way: nothing compounds into an ended investment', async () => {
    const p = await plan({ termPeriods: null, interestRateBp: 100, compoundMinPercent: 0, compoundMaxPercent: 100 });
    const made = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const who = await investor(100_000n);
        return { who, inv: await investmentOf(who, p.id, 1000, { compoundPercent: 50 }) };
      }),
    );
    const at = new Date(Date.parse(made[0]!.inv.startDate) + 5 * DAY + 60_000);
    const answers = await Promise.all([
      accrueDueReturns(t.database.db, at, { batchSize: 2 }),
      ...made.map(({ who, inv }, k) => (k % 2 === 0 ? end(who, inv.id) : setCompounding(who, inv.id, 10))),
    ]);
    for (const res of answers.slice(1)) expect((res as { statusCode: number }).statusCode).toBe(200);
    for (const { who, inv } of made) {
      const now = await row(inv.id);
      const balances = await userBalances(t.database.db, who.userId);
      // Ended: nothing left invested; running: invested is the principal and what it compounded.
      expect(balances.invested).toBe(now.status === 'ended' ? 0n : now.principal + now.compounded);
      const [paid] = await queryRows<{ n: string; compounded: string }>(
        t.database.db,
        sql`select count(*)::text as n, coalesce(sum(compounded), 0)::text as compounded from return_updates where investment_id = ${inv.id}`,
      );
      expect([Number(paid!.n), BigInt(paid!.compounded)]).toEqual([now.paidPeriods, now.compounded]);
    }
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });
});
