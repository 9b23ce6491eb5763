import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveKyc } from '../../test/kyc';
import { eq, inArray } from 'drizzle-orm';
import {
  ledgerAccounts,
  plans,
  referralBonuses,
  returnUpdates,
  transactionTotals,
  transactions,
  users,
  withdrawals,
} from '../../db/schema';
import { totalsCompactionJob } from '../../jobs';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { testClock } from '../../test/clock';
import { createSession } from '../sessions/service';
import { creditManualDeposit } from '../deposits/manual';
import { verifyLedger } from '../ledger/verify';
import { accrueDueReturns } from '../investments/accrual';
import { DAY_MS, invest } from '../investments/invest';

/**
 * The dashboards' figures against a seeded platform whose money moved only through the real
 * services: deposits approved by staff, a manual credit, investments paid by the accrual job,
 * a referral bonus and a withdrawal paid with a fee. Every expected figure is recomputed here
 * from the rows themselves (not from the investments' or ledger's running totals where a
 * second source exists), so the aggregate SQL is checked against plain arithmetic.
 */
let t: TestContext;
const clock = testClock(new Date());
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
type Caller = { userId: number; cookie: Record<string, string> };
let admin: Caller;
let moderator: Caller;
let alice: Caller;
let bob: Caller;
let carol: number;
let fresh: Caller;

const get = (url: string, cookies?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, ...(cookies ? { cookies } : {}) });
const sumCents = (xs: bigint[]) => xs.reduce((s, x) => s + x, 0n);
const dollars = (c: bigint) => Number(c) / 100;
const login = async (userId: number): Promise<Caller> => {
  const { token } = await createSession(t.database.db, { userId, ttlMs: 3_600_000, now: new Date() });
  return { userId, cookie: { LoginToken: token } };
};

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const db = t.database.db;
  admin = await signIn(t.database, 'admin');
  moderator = await signIn(t.database, 'moderator');
  alice = await login(await insertUser(t.database, { btcWalletAddress: WALLET }));
  bob = await signIn(t.database);
  fresh = await signIn(t.database); // no history at all
  carol = await insertUser(t.database, { referrerId: alice.userId });
  // A referral who was deleted later: not a referral any more, not a user in the counts.
  await insertUser(t.database, { referrerId: alice.userId, deletedAt: new Date(), status: 'suspended' });
  // Users who joined earlier in the month, one with an unconfirmed email, one suspended.
  await insertUser(t.database, { createdAt: new Date(clock.now().getTime() - 2 * DAY_MS), isEmailVerified: false });
  await insertUser(t.database, { createdAt: new Date(clock.now().getTime() - 10 * DAY_MS), status: 'suspended' });

  const [starter] = await db.select().from(plans).where(eq(plans.name, 'Starter'));
  const [growth] = await db.select().from(plans).where(eq(plans.name, 'Growth'));
  const settings = await t.app.settings.get();
  const start = new Date(clock.now().getTime() - 3 * DAY_MS);

  // Alice: a deposit approved by staff, one still pending, one rejected, and a manual credit.
  const deposit = async (who: Caller, amount: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/deposits/new',
      cookies: who.cookie,
      payload: { amount, currency: 'BTC' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().deposit.id as number;
  };
  const decide = async (id: number, status: string) =>
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/deposits/update/${id}`,
          cookies: admin.cookie,
          payload: { status },
        })
      ).statusCode,
    ).toBe(200);
  await decide(await deposit(alice, '500.00'), 'settled');
  await deposit(alice, '150.25');
  await decide(await deposit(alice, '75.00'), 'invalid');
  await creditManualDeposit(db, {
    adminId: admin.userId,
    userId: alice.userId,
    amount: 200_000n,
    currency: 'BTC',
    notes: '',
    now: start,
  });
  await creditManualDeposit(db, {
    adminId: admin.userId,
    userId: bob.userId,
    amount: 800_000n,
    currency: 'BTC',
    notes: '',
    now: start,
  });
  await creditManualDeposit(db, {
    adminId: admin.userId,
    userId: carol,
    amount: 200_000n,
    currency: 'BTC',
    notes: '',
    now: start,
  });

  await invest(db, settings, { userId: alice.userId, planId: starter!.id, amount: 100_000n }, start);
  await invest(db, settings, { userId: alice.userId, planId: starter!.id, amount: 60_000n }, start);
  await invest(db, settings, { userId: bob.userId, planId: starter!.id, amount: 300_000n }, start);
  await invest(db, settings, { userId: bob.userId, planId: growth!.id, amount: 500_000n }, start);
  // pays Alice a referral bonus
  await invest(db, settings, { userId: carol, planId: starter!.id, amount: 200_000n }, start);
  await accrueDueReturns(db, clock.now());

  // Alice withdraws $120 (fee $2.50) and staff pay it; Bob asks for $10, still pending.
  for (const who of [alice, bob]) await approveKyc(t.database, who.userId);
  await t.app.settings.update({ withdrawalFeeFixed: '2.50' } as never, admin.userId);
  const w = await t.app.inject({
    method: 'POST',
    url: '/api/investments/withdraw',
    cookies: alice.cookie,
    payload: { userId: alice.userId, amount: '120', currency: 'BTC' },
  });
  expect(w.statusCode).toBe(201);
  expect(
    (
      await t.app.inject({
        method: 'PUT',
        url: `/api/transactions/withdrawals/${w.json().withdrawal.id}/status`,
        cookies: admin.cookie,
        payload: { status: 'settled' },
      })
    ).statusCode,
  ).toBe(200);
  await db.update(users).set({ btcWalletAddress: WALLET }).where(eq(users.id, bob.userId));
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/investments/withdraw',
        cookies: bob.cookie,
        payload: { userId: bob.userId, amount: '10', currency: 'BTC' },
      })
    ).statusCode,
  ).toBe(201);
  expect((await verifyLedger(db)).problems).toEqual([]);
});
afterAll(() => t.close());

describe('GET /api/metrics/user-dashboard/:id', () => {
  it("answers the user's figures, each recomputed from the rows", async () => {
    const db = t.database.db;
    const txs = await db.select().from(transactions).where(eq(transactions.userId, alice.userId));
    const deposited = sumCents(
      txs
        .filter((x) => (x.type === 'deposit' || x.type === 'manual_deposit') && x.status === 'completed')
        .map((x) => x.amount),
    );
    const withdrawn = sumCents(
      txs.filter((x) => x.type === 'withdrawal' && x.status === 'completed').map((x) => x.amount),
    );
    const mine = await db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, alice.userId));
    const balance = sumCents(mine.map((a) => a.balance));
    const invIds = (await db.query.investments.findMany({ where: (i, { eq: e }) => e(i.userId, alice.userId) })).map(
      (i) => i.id,
    );
    const returns = sumCents(
      (await db.select().from(returnUpdates).where(inArray(returnUpdates.investmentId, invIds))).map((r) => r.amount),
    );
    const bonuses = sumCents(
      (await db.select().from(referralBonuses).where(eq(referralBonuses.referrerId, alice.userId))).map(
        (r) => r.amount,
      ),
    );

    // The seeded figures, by hand: $500 approved + $2000 manual; $120 paid out; 3 days of
    // Starter on $1000 ($1000 × 6% / 30 = $2/day) and on $600 ($1.20/day); 5% of Carol's $2000.
    expect([deposited, withdrawn, returns, bonuses]).toEqual([250_000n, 12_000n, 960n, 10_000n]);
    // Balance = money in − money out + what it earned (the withdrawal fee left with the gross amount).
    expect(balance).toBe(deposited - withdrawn + returns + bonuses);

    const res = await get(`/api/metrics/user-dashboard/${alice.userId}`, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accountBalance: dollars(balance),
      totalPendingDeposits: 150.25,
      totalReferralsCount: 1,
      totalDeposits: dollars(deposited),
      totalDepositsCount: 2,
      totalInvestments: 2,
      totalInvested: 1600,
      totalReturns: dollars(returns),
      investmentROI: Math.round((Number(returns) / 160_000) * 10_000) / 100,
      totalWithdrawals: 120,
      principalChange: dollars(returns + bonuses),
      principalChangePercent: Math.round((Number(returns + bonuses) / Number(deposited - withdrawn)) * 10_000) / 100,
    });
    expect(res.json()).toMatchObject({ investmentROI: 0.6, principalChangePercent: 4.61 });
  });

  it('answers zeros for a user with no history', async () => {
    const res = await get(`/api/metrics/user-dashboard/${fresh.userId}`, fresh.cookie);
    expect(res.json()).toEqual({
      accountBalance: 0,
      totalPendingDeposits: 0,
      totalReferralsCount: 0,
      totalDeposits: 0,
      totalDepositsCount: 0,
      totalInvestments: 0,
      totalInvested: 0,
      totalReturns: 0,
      investmentROI: 0,
      totalWithdrawals: 0,
      principalChange: 0,
      principalChangePercent: 0,
    });
  });

  it("lets staff read anyone's, refuses another user's, anonymous callers and bad or unknown ids", async () => {
    expect((await get(`/api/metrics/user-dashboard/${alice.userId}`, admin.cookie)).json().totalDepositsCount).toBe(2);
    expect(
      (await get(`/api/metrics/user-dashboard/${alice.userId}`, moderator.cookie)).json().totalReferralsCount,
    ).toBe(1);
    const other = await get(`/api/metrics/user-dashboard/${alice.userId}`, bob.cookie);
    expect([other.statusCode, other.json().message]).toEqual([403, 'You can only access your own account']);
    expect((await get(`/api/metrics/user-dashboard/${alice.userId}`)).statusCode).toBe(401);
    for (const bad of ['0', '-1', 'abc', '1.5'])
      expect((await get(`/api/metrics/user-dashboard/${bad}`, admin.cookie)).statusCode).toBe(400);
    const unknown = await get('/api/metrics/user-dashboard/999999', admin.cookie);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'User not found']);
  });
});

describe('staff metrics', () => {
  it('GET /api/metrics/dashboard answers the platform overview recomputed from the rows', async () => {
    const db = t.database.db;
    const everyone = await db.select().from(users);
    const txs = await db.select().from(transactions);
    const invs = await db.query.investments.findMany();
    const accounts = await db.select().from(ledgerAccounts);
    const paid = sumCents((await db.select().from(returnUpdates)).map((r) => r.amount));
    const done = (types: string[]) =>
      sumCents(txs.filter((x) => types.includes(x.type) && x.status === 'completed').map((x) => x.amount));
    const running = invs.filter((i) => i.status === 'running');
    const pendingW = (await db.select().from(withdrawals)).filter((w) => w.status === 'pending').length;

    const res = await get('/api/metrics/dashboard', moderator.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalUsers: everyone.filter((u) => !u.deletedAt).length,
      totalTransactions: txs.length,
      totalInvestmentVolume: dollars(sumCents(invs.map((i) => i.principal))),
      activeInvestments: running.length,
      activeInvestmentPrincipal: dollars(sumCents(running.map((i) => i.principal))),
      totalDepositVolume: dollars(done(['deposit', 'manual_deposit'])),
      totalWithdrawalVolume: dollars(done(['withdrawal'])),
      totalReturnsPaid: dollars(paid),
      totalUserBalances: dollars(sumCents(accounts.filter((a) => a.userId !== null).map((a) => a.balance))),
      pendingDeposits: 1,
      pendingWithdrawals: pendingW,
    });
    // The seeded set by hand: 9 users made here, one deleted; $1000 + $600 + $3000 + $5000 + $2000 invested;
    // $500 approved + $2000 + $8000 + $2000 credited by hand.
    expect(res.json()).toMatchObject({
      totalUsers: 8,
      totalInvestmentVolume: 11_600,
      activeInvestments: 5,
      totalDepositVolume: 12_500,
      totalWithdrawalVolume: 120,
      pendingWithdrawals: 1,
    });
  });

  it('GET /api/metrics/users counts users (deleted ones excluded), those new today and the active share', async () => {
    const everyone = (await t.database.db.select().from(users)).filter((u) => !u.deletedAt);
    const midnight = new Date(clock.now());
    midnight.setUTCHours(0, 0, 0, 0);
    // Active: not suspended, and the email confirmed.
    const active = everyone.filter((u) => u.status === 'active' && u.isEmailVerified).length;
    const res = await get('/api/metrics/users', admin.cookie);
    expect(res.json()).toEqual({
      totalUsers: everyone.length,
      newUsersToday: everyone.filter((u) => u.createdAt >= midnight).length,
      activeUsersPercentage: Math.round((active / everyone.length) * 10_000) / 100,
    });
    expect(res.json()).toMatchObject({ totalUsers: 8, activeUsersPercentage: 75 }); // 6 of 8 active
  });

  it('GET /api/metrics/dashboard-chart answers user growth, money moved per day and the running principal per plan', async () => {
    const db = t.database.db;
    const res = await get('/api/metrics/dashboard-chart', admin.cookie);
    expect(res.statusCode).toBe(200);
    const chart = res.json();
    const dayOf = (d: Date) => Math.floor(d.getTime() / DAY_MS);
    const today = dayOf(clock.now());
    const days = Array.from({ length: 30 }, (_, i) => today - 29 + i);

    const everyone = (await db.select().from(users)).filter((u) => !u.deletedAt);
    expect(chart.userGrowth.labels).toHaveLength(30);
    expect(chart.userGrowth.datasets.map((d: { label: string }) => d.label)).toEqual(['New users', 'Total users']);
    expect(chart.userGrowth.datasets[0].data).toEqual(
      days.map((d) => everyone.filter((u) => dayOf(u.createdAt) === d).length),
    );
    expect(chart.userGrowth.datasets[1].data).toEqual(
      days.map((d) => everyone.filter((u) => dayOf(u.createdAt) <= d).length),
    );
    expect(chart.userGrowth.datasets[1].data.at(-1)).toBe(8);

    const txs = (await db.select().from(transactions)).filter((x) => x.status === 'completed');
    const per = (types: string[]) =>
      days.map((d) =>
        dollars(sumCents(txs.filter((x) => types.includes(x.type) && dayOf(x.createdAt) === d).map((x) => x.amount))),
      );
    expect(chart.transactionVolume.datasets).toEqual([
      { label: 'Deposits ($)', data: per(['deposit', 'manual_deposit']) },
      { label: 'Withdrawals ($)', data: per(['withdrawal']) },
      { label: 'Investments ($)', data: per(['investment']) },
    ]);
    expect(chart.transactionVolume.datasets[2].data.at(-4)).toBe(11_600);

    expect(chart.investmentDistribution).toEqual({
      labels: ['Starter', 'Growth'],
      datasets: [{ label: 'Active principal ($)', data: [6_600, 5_000] }],
    });

    const week = (await get('/api/metrics/dashboard-chart?period=week', admin.cookie)).json();
    expect(week.userGrowth.labels).toHaveLength(7);
    const year = (await get('/api/metrics/dashboard-chart?period=year', moderator.cookie)).json();
    expect(year.transactionVolume.datasets[0].data.reduce((a: number, b: number) => a + b, 0)).toBe(12_500);
    const bad = await get('/api/metrics/dashboard-chart?period=decade', admin.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('the totals-compaction job folds the kept totals to one row per group and changes no figure', async () => {
    const db = t.database.db;
    const figures = async () =>
      Promise.all(
        [
          '/api/metrics/dashboard',
          '/api/metrics/dashboard-chart?period=month',
          '/api/metrics/plans',
          '/api/metrics/investments',
          '/api/transactions?page=1&limit=10&status=completed',
          '/api/investments/return-updates',
        ].map(async (url) => (await get(url, admin.cookie)).json()),
      );
    const rows = async () => (await db.select().from(transactionTotals)).length;
    const before = await figures();
    const deltas = await rows();
    await totalsCompactionJob.run(db, clock.now());
    expect(await figures()).toEqual(before);
    const groups = await db
      .selectDistinct({ day: transactionTotals.day, type: transactionTotals.type, status: transactionTotals.status })
      .from(transactionTotals);
    expect(await rows()).toBe(groups.length);
    expect(groups.length).toBeLessThan(deltas);
    expect((await verifyLedger(db)).problems).toEqual([]);
  });

  it('refuses users (403) and anonymous callers (401) on every staff endpoint', async () => {
    for (const url of ['/api/metrics/dashboard', '/api/metrics/dashboard-chart', '/api/metrics/users']) {
      expect((await get(url, alice.cookie)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    }
  });
});
