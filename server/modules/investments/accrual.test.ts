import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../test/rows';
import { investments, notifications, plans, returnUpdates, transactions } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { creditManualDeposit } from '../deposits/manual';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';
import { wordNotice } from '../notifications/messages';
import { accrueDueReturns } from './accrual';
import { cancelInvestment } from './cancel';
import { DAY_MS, invest } from './invest';

let t: TestContext;
let adminId: number;
let planId: number;
const t0 = new Date('2026-03-01T10:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * DAY_MS);

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await signIn(t.database, 'admin')).userId;
  const [p] = await t.database.db
    .insert(plans)
    .values({
      name: 'Ten days',
      description: 'x',
      termPeriods: 10,
      interestRateBp: 1234,
      minimumInvestment: 100n,
      maximumInvestment: 100_000_000n,
    })
    .returning();
  planId = p!.id;
});
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  await t.close();
});

async function newInvestment(principal: bigint, start = t0) {
  const userId = await insertUser(t.database);
  await creditManualDeposit(t.database.db, {
    adminId,
    userId,
    amount: principal,
    currency: 'BTC',
    notes: '',
    now: start,
  });
  const inv = await invest(t.database.db, await t.app.settings.get(), { userId, planId, amount: principal }, start);
  return { userId, inv };
}
const paidPeriods = async (id: number) =>
  (await t.database.db.select().from(returnUpdates).where(eq(returnUpdates.investmentId, id)))
    .map((r) => r.dayIndex)
    .sort((a, b) => a - b);
const resetRunning = async () => {
  // Each test looks only at its own investments: earlier ones are finished first.
  await accrueDueReturns(t.database.db, at(1000));
};

describe('daily accrual', () => {
  it('pays a day only once it is due, exactly, and never twice', async () => {
    await resetRunning();
    const { userId, inv } = await newInvestment(1_000_001n); // total 12.34% = 123,400.12 cents -> 123,400
    expect(inv.totalReturn!).toBe(123_400n);
    expect((await accrueDueReturns(t.database.db, at(0.99))).payouts).toBe(0);
    expect((await accrueDueReturns(t.database.db, at(1))).payouts).toBe(1);
    expect((await accrueDueReturns(t.database.db, at(1.5))).payouts).toBe(0);
    expect((await userBalances(t.database.db, userId)).available).toBe(12_340n);
    const [tx] = await t.database.db
      .select()
      .from(transactions)
      .where(sql`${transactions.userId} = ${userId} and ${transactions.type} = 'return'`);
    expect(tx).toMatchObject({ amount: 12_340n, status: 'completed' });
    expect(tx!.referenceNumber).toMatch(/^TX-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  });

  it('after a 5-day outage pays exactly the 5 missing days', async () => {
    await resetRunning();
    const { inv } = await newInvestment(50_000n);
    await accrueDueReturns(t.database.db, at(1));
    expect(await paidPeriods(inv.id)).toEqual([1]);
    const run = await accrueDueReturns(t.database.db, at(6.2));
    expect(run.payouts).toBe(5);
    expect(await paidPeriods(inv.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('pays the whole return to the cent, then releases the principal and ends', async () => {
    await resetRunning();
    const { userId, inv } = await newInvestment(777_777n);
    const run = await accrueDueReturns(t.database.db, at(30));
    expect(run).toEqual({ payouts: 10, ended: 1 });
    const rows = await t.database.db.select().from(returnUpdates).where(eq(returnUpdates.investmentId, inv.id));
    expect(rows.reduce((s, r) => s + r.amount, 0n)).toBe(inv.totalReturn!);
    const [after] = await t.database.db.select().from(investments).where(eq(investments.id, inv.id));
    expect(after).toMatchObject({ status: 'ended', paidPeriods: 10, paidAmount: inv.totalReturn! });
    expect(await userBalances(t.database.db, userId)).toEqual({
      available: 777_777n + inv.totalReturn!,
      invested: 0n,
      withdrawal_hold: 0n,
    });
    expect((await accrueDueReturns(t.database.db, at(31))).payouts).toBe(0);
  });

  it('releases an investment that stands complete though nothing of it is due (its term cut to what was paid, by hand)', async () => {
    await resetRunning();
    const { userId, inv } = await newInvestment(200_000n);
    expect((await accrueDueReturns(t.database.db, at(5))).payouts).toBe(5);
    await t.database.db.execute(
      sql`update investments set term_periods = paid_periods, next_payout_at = null where id = ${inv.id}`,
    );
    expect(await accrueDueReturns(t.database.db, at(5.5))).toEqual({ payouts: 0, ended: 1 });
    const [after] = await t.database.db.select().from(investments).where(eq(investments.id, inv.id));
    expect(after).toMatchObject({ status: 'ended', paidPeriods: 5 });
    const balances = await userBalances(t.database.db, userId);
    expect(balances).toEqual({ available: 200_000n + after!.paidAmount, invested: 0n, withdrawal_hold: 0n });
  });

  it('tells each user their investment ended as a notice key and parameters, worded when read', async () => {
    await resetRunning();
    const { userId } = await newInvestment(1_234_567n);
    expect((await accrueDueReturns(t.database.db, at(30))).ended).toBe(1);
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, userId), eq(notifications.kind, 'investment')))
      .orderBy(asc(notifications.id));
    expect(notices.map((n) => [n.key, n.params])).toEqual([
      ['investment.started', { amount: '1234567', plan: 'Ten days', period: 'daily', payouts: 10 }],
      ['investment.ended', { principal: '1234567', plan: 'Ten days', retained: false }],
    ]);
    expect(wordNotice(notices[1]!)).toBe(
      'Your investment in Ten days has ended: $12,345.67 principal was returned to your available balance.',
    );
  });

  it('pays a batch as one journal entry, one posting per user, that ledger:verify ties to its return rows', async () => {
    await resetRunning();
    const [a, b] = await Promise.all([newInvestment(100_000n), newInvestment(300_000n)]);
    const run = await accrueDueReturns(t.database.db, at(3));
    expect(run.payouts).toBe(6);
    const entries = await queryRows<{ entry_id: string }>(
      t.database.db,
      sql`select distinct journal_entry_id as entry_id from return_updates where investment_id in (${a.inv.id}, ${b.inv.id})`,
    );
    expect(entries).toHaveLength(1);
    const entryId = Number(entries[0]!.entry_id);
    const posted = await queryRows<{ amount: string }>(
      t.database.db,
      sql`select p.amount::text as amount from postings p where p.entry_id = ${entryId} order by p.amount`,
    );
    const perDay = (inv: { totalReturn: bigint | null }) => (inv.totalReturn! / 10n) * 3n;
    expect(posted.map((p) => BigInt(p.amount))).toEqual(
      [-(perDay(a.inv) + perDay(b.inv)), perDay(a.inv), perDay(b.inv)].sort((x, y) => (x < y ? -1 : 1)),
    );
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
    // A return row that says more than its entry paid is caught.
    await t.database.db.execute(
      sql`update return_updates set amount = amount + 1 where investment_id = ${a.inv.id} and day_index = 1`,
    );
    expect((await verifyLedger(t.database.db)).problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^daily-return entry ${entryId} pays account \\d+ ${perDay(a.inv)} but its return rows sum to ${perDay(a.inv) + 1n}$`,
        ),
      ),
    ]);
    await t.database.db.execute(
      sql`update return_updates set amount = amount - 1 where investment_id = ${a.inv.id} and day_index = 1`,
    );
  });

  it('two runs started at the same moment pay each due day once', async () => {
    await resetRunning();
    const made = await Promise.all(Array.from({ length: 6 }, () => newInvestment(10_000n)));
    const runs = await Promise.all([
      accrueDueReturns(t.database.db, at(3), { batchSize: 2 }),
      accrueDueReturns(t.database.db, at(3), { batchSize: 4 }),
    ]);
    expect(runs[0].payouts + runs[1].payouts).toBe(18);
    for (const m of made) expect(await paidPeriods(m.inv.id)).toEqual([1, 2, 3]);
  });

  it('a crash in the middle of a batch leaves nothing half-paid, and the next run pays it', async () => {
    await resetRunning();
    const a = await newInvestment(20_000n);
    const b = await newInvestment(20_000n);
    const before = await queryRows<{ n: string }>(t.database.db, sql`select count(*) as n from journal_entries`);
    await expect(
      accrueDueReturns(t.database.db, at(2), {
        batchSize: 1,
        beforeCommit: (batch) => {
          if (batch === 1) throw new Error('injected crash');
        },
      }),
    ).rejects.toThrow('injected crash');
    expect(await paidPeriods(a.inv.id)).toEqual([1, 2]);
    expect(await paidPeriods(b.inv.id)).toEqual([]);
    expect((await t.database.db.select().from(investments).where(eq(investments.id, b.inv.id)))[0]!.paidPeriods).toBe(
      0,
    );
    const after = await queryRows<{ n: string }>(t.database.db, sql`select count(*) as n from journal_entries`);
    // The committed first batch wrote its one journal entry; the crashed one wrote none.
    expect(Number(after[0]!.n) - Number(before[0]!.n)).toBe(1);
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
    expect((await accrueDueReturns(t.database.db, at(2))).payouts).toBe(2);
    expect(await paidPeriods(b.inv.id)).toEqual([1, 2]);
  });
});

describe('daily accrual: batches', () => {
  const errorText = (err: unknown): string =>
    err instanceof Error ? `${err.message} ${errorText(err.cause)}` : String(err ?? '');

  it('a run with nothing due opens no batch; one due day opens one', async () => {
    await resetRunning();
    const { inv } = await newInvestment(30_000n);
    await accrueDueReturns(t.database.db, at(2));
    let batches = 0;
    const count = { beforeCommit: () => void batches++ };
    expect(await accrueDueReturns(t.database.db, at(2.5), count)).toEqual({ payouts: 0, ended: 0 });
    expect(batches).toBe(0);
    expect((await accrueDueReturns(t.database.db, at(3), count)).payouts).toBe(1);
    expect(batches).toBe(1);
    expect(await paidPeriods(inv.id)).toEqual([1, 2, 3]);
  });

  it("batches whole users: one user's investments are paid in one batch, however small the batch size", async () => {
    await resetRunning();
    const userId = await insertUser(t.database);
    await creditManualDeposit(t.database.db, { adminId, userId, amount: 90_000n, currency: 'BTC', notes: '', now: t0 });
    const settings = await t.app.settings.get();
    const mine = [];
    for (let k = 0; k < 3; k++)
      mine.push(await invest(t.database.db, settings, { userId, planId, amount: 30_000n }, t0));
    const other = await newInvestment(30_000n);
    let batches = 0;
    const run = await accrueDueReturns(t.database.db, at(2), { batchSize: 1, beforeCommit: () => void batches++ });
    expect(run).toEqual({ payouts: 8, ended: 0 });
    expect(batches).toBe(2);
    for (const inv of [...mine, other.inv]) expect(await paidPeriods(inv.id)).toEqual([1, 2]);
    const daily = mine[0]!.totalReturn! / 10n;
    expect((await userBalances(t.database.db, userId)).available).toBe(3n * 2n * daily);
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('lets the event loop turn between batches: what arrived during one runs before the next', async () => {
    await resetRunning();
    await newInvestment(30_000n);
    await newInvestment(30_000n);
    let batches = 0;
    let batchesWhenTurned: number | undefined;
    // A request arriving during the run is an I/O callback; a check-phase callback set now stands
    // in for it. On PGlite, whose queries settle as microtasks, it used to wait for the whole run.
    setImmediate(() => (batchesWhenTurned = batches));
    const run = await accrueDueReturns(t.database.db, at(2), { batchSize: 1, beforeCommit: () => void batches++ });
    expect(run.payouts).toBe(4);
    expect(batches).toBe(2);
    expect(batchesWhenTurned).toBeLessThan(2);
  });

  it('a day found recorded while unpaid aborts its batch instead of skipping the money, and is paid once repaired', async () => {
    await resetRunning();
    const { userId, inv } = await newInvestment(40_000n);
    await t.database.db
      .insert(returnUpdates)
      .values({ investmentId: inv.id, dayIndex: 1, amount: 1n, payoutDate: at(1) });
    const err = await accrueDueReturns(t.database.db, at(1)).catch((e: unknown) => e);
    expect(errorText(err)).toContain('return_updates_investment_day_key');
    expect((await t.database.db.select().from(investments).where(eq(investments.id, inv.id)))[0]!.paidPeriods).toBe(0);
    expect((await userBalances(t.database.db, userId)).available).toBe(0n);
    await t.database.db.delete(returnUpdates).where(eq(returnUpdates.investmentId, inv.id));
    expect((await accrueDueReturns(t.database.db, at(1))).payouts).toBe(1);
    expect((await userBalances(t.database.db, userId)).available).toBe(inv.totalReturn! / 10n);
  });

  it("admin cancels racing a run: every investment's paid days and amount match its return rows", async () => {
    await resetRunning();
    const made = await Promise.all(Array.from({ length: 12 }, () => newInvestment(10_000n)));
    const cancelled = made.filter((_, k) => k % 2 === 0);
    await Promise.all([
      accrueDueReturns(t.database.db, at(4), { batchSize: 2 }),
      ...cancelled.map((m) =>
        cancelInvestment(
          t.database.db,
          m.inv.id,
          { userId: adminId, userName: 'admin', role: 'admin', ip: '127.0.0.1' },
          at(4),
        ),
      ),
    ]);
    const ids = sql.raw(made.map((m) => m.inv.id).join(','));
    const rows = await queryRows<{
      status: string;
      paid_periods: number;
      paid_amount: string;
      n: string;
      total: string;
      last: number | null;
    }>(
      t.database.db,
      sql`select i.status, i.paid_periods, i.paid_amount, count(r.id) as n, coalesce(sum(r.amount), 0) as total, max(r.day_index) as last
          from investments i left join return_updates r on r.investment_id = i.id where i.id in (${ids}) group by i.id`,
    );
    expect(rows).toHaveLength(12);
    for (const r of rows) {
      expect(Number(r.paid_periods)).toBe(Number(r.n));
      expect(Number(r.paid_periods)).toBe(Number(r.last ?? 0));
      expect(r.paid_amount).toBe(r.total);
      if (r.status === 'running') expect(Number(r.paid_periods)).toBe(4);
    }
    expect(rows.filter((r) => r.status === 'cancelled')).toHaveLength(6);
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });
});
