import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountMsg } from '../../../contract/users';
import { deposits, investments, plans, withdrawals } from '../../db/schema';
import { fundedUser } from '../../test/accounts';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { approveKyc } from '../../test/kyc';
import { userBalances } from './accounts';
import { verifyLedger } from './verify';

/** The one rule every money request passes (assertCanMoveMoney), and idempotent replays of each. */
let t: TestContext;
let adminId: number;
let starter: typeof plans.$inferSelect;
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await signIn(t.database, 'admin')).userId;
  [starter] = (await t.database.db.select().from(plans).where(eq(plans.name, 'Starter'))) as [typeof starter];
});
afterEach(async () => expect((await verifyLedger(t.database.db)).problems).toEqual([]));
afterAll(() => t.close());

const WALLET = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const investor = async (cents: bigint, fields: Parameters<typeof fundedUser>[3] = {}) => {
  const u = await fundedUser(t.database, adminId, cents, { btcWalletAddress: WALLET, ...fields });
  await approveKyc(t.database, u.userId);
  return u;
};
type Investor = Awaited<ReturnType<typeof investor>>;
const post = (u: Investor, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, cookies: u.cookies, payload });
const dollars = (cents: bigint) => Number(cents) / 100;

/** One request of each kind a user makes to move money, each for `cents`. */
const requests = {
  deposit: (u: Investor, cents: bigint, idempotencyKey?: string) =>
    post(u, '/api/deposits/new', { amount: dollars(cents), currency: 'BTC', idempotencyKey }),
  invest: (u: Investor, cents: bigint, idempotencyKey?: string) =>
    post(u, '/api/investments', { planId: starter.id, amount: dollars(cents), idempotencyKey }),
  withdraw: (u: Investor, cents: bigint, idempotencyKey?: string) =>
    post(u, '/api/investments/withdraw', { userId: u.userId, amount: dollars(cents), currency: 'BTC', idempotencyKey }),
};
const kinds = Object.keys(requests) as (keyof typeof requests)[];

/** What a money request could have changed for this user. */
const footprint = async (userId: number) => ({
  balances: await userBalances(t.database.db, userId),
  deposits: (await t.database.db.select().from(deposits).where(eq(deposits.userId, userId))).length,
  investments: (await t.database.db.select().from(investments).where(eq(investments.userId, userId))).length,
  withdrawals: (await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, userId))).length,
});

describe('assertCanMoveMoney: one code and one message per reason, for deposit, invest and withdraw', () => {
  it.each(kinds)('%s: an unverified email is 403 EMAIL_NOT_VERIFIED and changes nothing', async (kind) => {
    const u = await investor(starter.minimumInvestment, { isEmailVerified: false });
    const before = await footprint(u.userId);
    const res = await requests[kind](u, starter.minimumInvestment);
    expect([res.statusCode, res.json()]).toEqual([
      403,
      { code: 'EMAIL_NOT_VERIFIED', message: AccountMsg.confirmEmailTo(kind) },
    ]);
    expect(await footprint(u.userId)).toEqual(before);
  });

  it.each(kinds)('%s: maintenance mode is 503 MAINTENANCE', async (kind) => {
    const u = await investor(starter.minimumInvestment);
    const before = await footprint(u.userId);
    await t.app.settings.update({ maintenanceMode: true }, adminId);
    try {
      const res = await requests[kind](u, starter.minimumInvestment);
      expect([res.statusCode, res.json().code]).toEqual([503, 'MAINTENANCE']);
    } finally {
      await t.app.settings.update({ maintenanceMode: false }, adminId);
    }
    expect(await footprint(u.userId)).toEqual(before);
  });

  it('a security hold stops withdrawals only (422 SECURITY_HOLD); deposits and investments go on', async () => {
    const u = await investor(starter.minimumInvestment * 2n, {
      securityHoldUntil: new Date(Date.now() + 86_400_000),
    });
    expect((await requests.withdraw(u, starter.minimumInvestment)).json().code).toBe('SECURITY_HOLD');
    expect((await requests.deposit(u, starter.minimumInvestment)).statusCode).toBe(201);
    expect((await requests.invest(u, starter.minimumInvestment)).statusCode).toBe(201);
  });
});

describe('a replayed money request returns the first result with 200 and moves nothing again', () => {
  it('a withdrawal replayed after its money is gone answers the first withdrawal, not "insufficient"', async () => {
    const u = await investor(10_000n);
    const first = await requests.withdraw(u, 10_000n, 'withdraw-key-0001');
    expect(first.statusCode).toBe(201);
    const after = await footprint(u.userId);
    expect(after.balances).toEqual({ available: 0n, invested: 0n, withdrawal_hold: 10_000n });

    const again = await requests.withdraw(u, 10_000n, 'withdraw-key-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await footprint(u.userId)).toEqual(after);
    // A new key is a new request, refused on today's balance.
    expect((await requests.withdraw(u, 10_000n, 'withdraw-key-0002')).json().code).toBe('INSUFFICIENT_FUNDS');
  });

  it('an investment replayed after its money is gone answers the first investment', async () => {
    const u = await investor(starter.minimumInvestment);
    const first = await requests.invest(u, starter.minimumInvestment, 'invest-key-0001');
    expect(first.statusCode).toBe(201);
    const after = await footprint(u.userId);
    expect(after.balances.invested).toBe(starter.minimumInvestment);

    const again = await requests.invest(u, starter.minimumInvestment, 'invest-key-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await footprint(u.userId)).toEqual(after);
  });

  it('a key is the user’s own: another user with the same key makes a request of their own', async () => {
    const a = await investor(10_000n);
    const b = await investor(10_000n);
    const fromA = await requests.withdraw(a, 10_000n, 'shared-key-0001');
    const fromB = await requests.withdraw(b, 10_000n, 'shared-key-0001');
    expect([fromA.statusCode, fromB.statusCode]).toEqual([201, 201]);
    expect(fromB.json().withdrawal.id).not.toBe(fromA.json().withdrawal.id);
  });

  it.each(['invest', 'withdraw'] as const)(
    '%s: eight concurrent requests with one key move the money once, and all answer the same result',
    async (kind) => {
      const u = await investor(starter.minimumInvestment * 8n);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => requests[kind](u, starter.minimumInvestment, `race-${kind}-key-01`)),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(results.map((r) => JSON.stringify(r.json()))).size).toBe(1);
      const { balances } = await footprint(u.userId);
      expect(balances.available).toBe(starter.minimumInvestment * 7n);
    },
  );
});
