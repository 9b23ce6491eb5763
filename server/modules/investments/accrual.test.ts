import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { investments, plans, returnUpdates, transactions } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { creditManualDeposit } from '../deposits/manual';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';
import { accrueDueReturns } from './accrual';
import { DAY_MS, invest } from './invest';

let t: TestContext;
let adminId: number;
let planId: number;
const t0 = new Date('2026-03-01T10:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * DAY_MS);

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await signIn(t.database, 'admin')).userId;
  const [p] = await t.database.db.insert(plans).values({ name: 'Ten days', description: 'x', durationDays: 10, interestRateBp: 1234, minimumInvestment: 100n, maximumInvestment: 100_000_000n }).returning();
  planId = p!.id;
});
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  await t.close();
});

async function newInvestment(principal: bigint, start = t0) {
  const userId = await insertUser(t.database);
  await creditManualDeposit(t.database.db, { adminId, userId, amount: principal, currency: 'BTC', notes: '', now: start });
  const inv = await invest(t.database.db, await t.app.settings.get(), { userId, planId, amount: principal }, start);
  return { userId, inv };
}
const paidDays = async (id: number) => (await t.database.db.select().from(returnUpdates).where(eq(returnUpdates.investmentId, id))).map((r) => r.dayIndex).sort((a, b) => a - b);
const resetRunning = async () => {
  // Each test looks only at its own investments: earlier ones are finished first.
  await accrueDueReturns(t.database.db, at(1000));
};

describe('daily accrual', () => {
  it('pays a day only once it is due, exactly, and never twice', async () => {
    await resetRunning();
    const { userId, inv } = await newInvestment(1_000_001n); // total 12.34% = 123,400.12 cents -> 123,400
    expect(inv.totalReturn).toBe(123_400n);
    expect((await accrueDueReturns(t.database.db, at(0.99))).payouts).toBe(0);
    expect((await accrueDueReturns(t.database.db, at(1))).payouts).toBe(1);
    expect((await accrueDueReturns(t.database.db, at(1.5))).payouts).toBe(0);
    expect((await userBalances(t.database.db, userId)).available).toBe(12_340n);
    const [tx] = await t.database.db.select().from(transactions).where(sql`${transactions.userId} = ${userId} and ${transactions.type} = 'return'`);
    expect(tx).toMatchObject({ amount: 12_340n, status: 'completed' });
    expect(tx!.referenceNumber).toMatch(/^TX-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  });

  it('after a 5-day outage pays exactly the 5 missing days', async () => {
    await resetRunning();
    const { inv } = await newInvestment(50_000n);
    await accrueDueReturns(t.database.db, at(1));
    expect(await paidDays(inv.id)).toEqual([1]);
    const run = await accrueDueReturns(t.database.db, at(6.2));
    expect(run.payouts).toBe(5);
    expect(await paidDays(inv.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('pays the whole return to the cent, then releases the principal and ends', async () => {
    await resetRunning();
    const { userId, inv } = await newInvestment(777_777n);
    const run = await accrueDueReturns(t.database.db, at(30));
    expect(run).toEqual({ payouts: 10, ended: 1 });
    const rows = await t.database.db.select().from(returnUpdates).where(eq(returnUpdates.investmentId, inv.id));
    expect(rows.reduce((s, r) => s + r.amount, 0n)).toBe(inv.totalReturn);
    const [after] = await t.database.db.select().from(investments).where(eq(investments.id, inv.id));
    expect(after).toMatchObject({ status: 'ended', paidDays: 10, paidAmount: inv.totalReturn });
    expect(await userBalances(t.database.db, userId)).toEqual({ available: 777_777n + inv.totalReturn, invested: 0n, withdrawal_hold: 0n });
    expect((await accrueDueReturns(t.database.db, at(31))).payouts).toBe(0);
  });

  it('two runs started at the same moment pay each due day once', async () => {
    await resetRunning();
    const made = await Promise.all(Array.from({ length: 6 }, () => newInvestment(10_000n)));
    const runs = await Promise.all([accrueDueReturns(t.database.db, at(3), { batchSize: 2 }), accrueDueReturns(t.database.db, at(3), { batchSize: 4 })]);
    expect(runs[0].payouts + runs[1].payouts).toBe(18);
    for (const m of made) expect(await paidDays(m.inv.id)).toEqual([1, 2, 3]);
  });

  it('a crash in the middle of a batch leaves nothing half-paid, and the next run pays it', async () => {
    await resetRunning();
    const a = await newInvestment(20_000n);
    const b = await newInvestment(20_000n);
    const before = await queryRows<{ n: string }>(t.database.db, sql`select count(*) as n from journal_entries`);
    await expect(accrueDueReturns(t.database.db, at(2), { batchSize: 1, beforeCommit: (batch) => { if (batch === 1) throw new Error('injected crash'); } })).rejects.toThrow('injected crash');
    expect(await paidDays(a.inv.id)).toEqual([1, 2]);
    expect(await paidDays(b.inv.id)).toEqual([]);
    expect((await t.database.db.select().from(investments).where(eq(investments.id, b.inv.id)))[0]!.paidDays).toBe(0);
    const after = await queryRows<{ n: string }>(t.database.db, sql`select count(*) as n from journal_entries`);
    expect(Number(after[0]!.n) - Number(before[0]!.n)).toBe(2);
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
    expect((await accrueDueReturns(t.database.db, at(2))).payouts).toBe(2);
    expect(await paidDays(b.inv.id)).toEqual([1, 2]);
  });
});
