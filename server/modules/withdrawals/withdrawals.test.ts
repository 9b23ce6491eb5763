import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../test/rows';
import { transactions, users, withdrawals } from '../../db/schema';
import { fundedUser } from '../../test/accounts';
import { approveKyc } from '../../test/kyc';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';
import { formatDateTimeUtc } from '../../../contract/dates';
import { AccountMsg } from '../../../contract/users';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
});
// The ledger must verify after every test, not only at the end.
afterEach(async () => expect((await verifyLedger(t.database.db)).problems).toEqual([]));
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  await t.close();
});

const WALLET = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
/** A funded investor whose identity is verified (the KYC gate is on by default; kyc.test.ts covers it). */
const investor = async (cents: bigint, fields: Parameters<typeof fundedUser>[3] = {}) => {
  const u = await fundedUser(t.database, admin.userId, cents, { btcWalletAddress: WALLET, ...fields });
  await approveKyc(t.database, u.userId);
  return u;
};
const withdraw = (cookies: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/investments/withdraw', cookies, payload });
const decide = (id: number, status: string, cookies: Record<string, string> = admin.cookie) =>
  t.app.inject({ method: 'PUT', url: `/api/transactions/withdrawals/${id}/status`, cookies, payload: { status } });
const platformBalance = async (kind: string) =>
  BigInt(
    (
      await queryRows<{ s: string }>(
        t.database.db,
        sql`select coalesce(sum(p.amount), 0) as s from postings p join ledger_accounts a on a.id = p.account_id where a.user_id is null and a.kind = ${kind}`,
      )
    )[0]!.s,
  );
const withSettings = async (patch: Record<string, unknown>, fn: () => Promise<void>) => {
  await t.app.settings.update(patch as never, admin.userId);
  try {
    await fn();
  } finally {
    await t.app.settings.update(
      { withdrawalMin: '', withdrawalMax: '', withdrawalFeeFixed: '', withdrawalFeePercent: '' } as never,
      admin.userId,
    );
  }
};

describe('POST /api/investments/withdraw', () => {
  it('holds the amount at once and records a pending withdrawal to the saved wallet', async () => {
    const u = await investor(100_000n);
    const res = await withdraw(u.cookies, { userId: u.userId, amount: '250.50', currency: 'BTC' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      // Issue 18: what happened, not "processed successfully" for a request that waits.
      message: 'Withdrawal of $250.50 requested: it is held from your available balance and awaits approval.',
      withdrawal: {
        userId: u.userId,
        amount: 250.5,
        fee: 0,
        netAmount: 250.5,
        currency: 'BTC',
        destination: WALLET,
        status: 'pending',
      },
    });
    expect(await userBalances(t.database.db, u.userId)).toEqual({
      available: 74_950n,
      invested: 0n,
      withdrawal_hold: 25_050n,
    });
    const [tx] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.referenceNumber, res.json().withdrawal.referenceNumber));
    expect(tx).toMatchObject({ type: 'withdrawal', status: 'pending', amount: 25_050n, paymentMethod: 'BTC' });
  });

  it('answers the spec messages for a bad amount, currency or someone else’s id, and moves nothing', async () => {
    const u = await investor(10_000n);
    const other = await investor(10_000n);
    const cases: [object, number, string][] = [
      [{ userId: u.userId, amount: 0, currency: 'BTC' }, 400, 'Invalid withdrawal amount'],
      [{ userId: u.userId, amount: -5, currency: 'BTC' }, 400, 'Invalid withdrawal amount'],
      [{ userId: u.userId, amount: 'abc', currency: 'BTC' }, 400, 'Invalid withdrawal amount'],
      [{ userId: u.userId, amount: '1.001', currency: 'BTC' }, 400, 'Invalid withdrawal amount'],
      [{ userId: u.userId, amount: 1e20, currency: 'BTC' }, 400, 'Invalid withdrawal amount'],
      [{ userId: u.userId, amount: 10, currency: 'DOGE' }, 400, 'Invalid currency selected'],
      [{ userId: u.userId, amount: 10 }, 400, 'Invalid currency selected'],
      [{ userId: other.userId, amount: 10, currency: 'BTC' }, 403, 'You can only withdraw from your own account'],
      [
        { userId: u.userId, amount: 100.01, currency: 'BTC' },
        422,
        'Insufficient available balance for this withdrawal',
      ],
      [
        { userId: u.userId, amount: 10, currency: 'USD' },
        422,
        'Save your bank details in your profile before withdrawing in USD',
      ],
      [
        { userId: u.userId, amount: 10, currency: 'USDT-TRON' },
        422,
        'Save a USDT-TRON wallet address in your profile before withdrawing in USDT-TRON',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const res = await withdraw(u.cookies, payload);
      expect({ payload, status: res.statusCode, message: res.json().message }).toEqual({ payload, status, message });
    }
    expect(await userBalances(t.database.db, u.userId)).toEqual({
      available: 10_000n,
      invested: 0n,
      withdrawal_hold: 0n,
    });
    expect((await withdraw({}, { userId: u.userId, amount: 10, currency: 'BTC' })).statusCode).toBe(401);
  });

  it('says when a withdrawal is usually paid once the operator sets it', async () => {
    const u = await investor(500_000n);
    await withSettings({ withdrawalPayoutTime: '2 business days' }, async () => {
      const res = await withdraw(u.cookies, { userId: u.userId, amount: '1234.5', currency: 'BTC' });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(
        'Withdrawal of $1,234.50 requested: it is held from your available balance and awaits approval. ' +
          'Withdrawals are usually paid within 2 business days.',
      );
    });
    await t.app.settings.update({ withdrawalPayoutTime: '' }, admin.userId);
  });

  it('says the limits in the screens’ money format', async () => {
    const u = await investor(1_000_000n);
    await withSettings({ withdrawalMin: '1500', withdrawalMax: '2500.5' }, async () => {
      const low = await withdraw(u.cookies, { userId: u.userId, amount: 10, currency: 'BTC' });
      expect([low.statusCode, low.json().message]).toEqual([422, 'The minimum withdrawal is $1,500.00']);
      const high = await withdraw(u.cookies, { userId: u.userId, amount: 3000, currency: 'BTC' });
      expect([high.statusCode, high.json().message]).toEqual([422, 'The maximum withdrawal is $2,500.50']);
    });
  });

  it('is refused during the security hold, saying until when', async () => {
    const until = new Date(Date.now() + 5 * 3_600_000);
    const u = await investor(10_000n, { securityHoldUntil: until });
    const res = await withdraw(u.cookies, { userId: u.userId, amount: 10, currency: 'BTC' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      `Withdrawals are paused after a recent security change until ${formatDateTimeUtc(until)}`,
    );
    expect(res.json().code).toBe('SECURITY_HOLD');
  });

  it('is refused for an unconfirmed email', async () => {
    // Issue 16: an unverified email is 403 EMAIL_NOT_VERIFIED for every money request (was 422 here).
    const u = await investor(10_000n, { isEmailVerified: false });
    const res = await withdraw(u.cookies, { userId: u.userId, amount: 10, currency: 'BTC' });
    expect([res.statusCode, res.json().message]).toEqual([403, AccountMsg.confirmEmailTo('withdraw')]);
  });

  it('applies the minimum, maximum and fee from site settings; the quote shows fee and net first', async () => {
    await withSettings(
      { withdrawalMin: '20', withdrawalMax: '500', withdrawalFeeFixed: '1.50', withdrawalFeePercent: '2' },
      async () => {
        const u = await investor(100_000n, {
          bankAccountHolder: 'Ada L',
          bankName: 'First Bank',
          bankAccountNumber: 'DE89370400440532013000',
          bankSwift: 'COBADEFF',
        });
        expect((await withdraw(u.cookies, { userId: u.userId, amount: '19.99', currency: 'BTC' })).json().message).toBe(
          'The minimum withdrawal is $20.00',
        );
        expect(
          (await withdraw(u.cookies, { userId: u.userId, amount: '500.01', currency: 'BTC' })).json().message,
        ).toBe('The maximum withdrawal is $500.00');
        const quote = await t.app.inject({
          method: 'GET',
          url: '/api/investments/withdraw/quote?amount=100&currency=USD',
          cookies: u.cookies,
        });
        expect(quote.json()).toMatchObject({
          amount: 100,
          fee: 3.5,
          netAmount: 96.5,
          currency: 'USD',
          availableBalance: 1000,
          minimum: 20,
          maximum: 500,
          problem: null,
        });
        expect(quote.json().destination).toMatch(/^Ada L,…|^Ada L, /);
        const res = await withdraw(u.cookies, { userId: u.userId, amount: 100, currency: 'USD' });
        expect(res.json().withdrawal).toMatchObject({
          amount: 100,
          fee: 3.5,
          netAmount: 96.5,
          destination: 'Ada L, First Bank, DE89370400440532013000, COBADEFF',
        });
        const feesBefore = await platformBalance('fees');
        const paidBefore = await platformBalance('external_withdrawals');
        expect((await decide(res.json().withdrawal.id, 'settled')).statusCode).toBe(200);
        expect((await platformBalance('fees')) - feesBefore).toBe(350n);
        expect((await platformBalance('external_withdrawals')) - paidBefore).toBe(9_650n);
        expect(await userBalances(t.database.db, u.userId)).toEqual({
          available: 90_000n,
          invested: 0n,
          withdrawal_hold: 0n,
        });
      },
    );
  });

  it('quotes the problem a request would meet, without moving anything', async () => {
    const u = await investor(5_000n);
    const q = await t.app.inject({
      method: 'GET',
      url: '/api/investments/withdraw/quote?amount=60&currency=BTC',
      cookies: u.cookies,
    });
    expect(q.json()).toMatchObject({
      amount: 60,
      fee: 0,
      netAmount: 60,
      destination: 'bc1qxy…0wlh',
      availableBalance: 50,
      problem: 'Insufficient available balance for this withdrawal',
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/investments/withdraw/quote?amount=x&currency=BTC',
          cookies: u.cookies,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('of 50 concurrent $100 requests against $1,000, exactly 10 are held and the balance never goes negative', async () => {
    const u = await investor(100_000n);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(u.cookies, { userId: u.userId, amount: 100, currency: 'BTC' })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(40);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.json().message).toBe('Insufficient available balance for this withdrawal');
    expect(await userBalances(t.database.db, u.userId)).toEqual({
      available: 0n,
      invested: 0n,
      withdrawal_hold: 100_000n,
    });
    expect(await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, u.userId))).toHaveLength(10);
  });
});

describe('deciding a withdrawal', () => {
  it('approve pays out once; reject returns the hold once; a decided one answers 409', async () => {
    const u = await investor(50_000n);
    const a = (await withdraw(u.cookies, { userId: u.userId, amount: 100, currency: 'BTC' })).json().withdrawal;
    const b = (await withdraw(u.cookies, { userId: u.userId, amount: 150, currency: 'BTC' })).json().withdrawal;
    const ok = await decide(a.id, 'settled');
    expect(ok.json()).toMatchObject({
      message: 'Withdrawal approved and marked as paid',
      withdrawal: { status: 'settled' },
    });
    const no = await decide(b.id, 'invalid');
    expect(no.json()).toMatchObject({ withdrawal: { status: 'invalid' } });
    expect(await userBalances(t.database.db, u.userId)).toEqual({
      available: 40_000n,
      invested: 0n,
      withdrawal_hold: 0n,
    });
    for (const [id, status] of [
      [a.id, 'invalid'],
      [a.id, 'settled'],
      [b.id, 'settled'],
    ] as const) {
      const again = await decide(id, status);
      expect([again.statusCode, again.json().message]).toEqual([
        409,
        'Only pending withdrawals can be approved or rejected',
      ]);
    }
    const [txA] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.referenceNumber, a.referenceNumber));
    const [txB] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.referenceNumber, b.referenceNumber));
    expect([txA!.status, txB!.status]).toEqual(['completed', 'failed']);
    expect(await userBalances(t.database.db, u.userId)).toEqual({
      available: 40_000n,
      invested: 0n,
      withdrawal_hold: 0n,
    });
    expect((await decide(999_999, 'settled')).statusCode).toBe(404);
    expect((await decide(a.id, 'pending')).statusCode).toBe(400);
  });

  it('approving and rejecting at the same moment: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await investor(10_000n);
      const w = (await withdraw(u.cookies, { userId: u.userId, amount: 100, currency: 'BTC' })).json().withdrawal;
      const [x, y] = await Promise.all([decide(w.id, 'settled'), decide(w.id, 'invalid')]);
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
      const b = await userBalances(t.database.db, u.userId);
      expect(b.withdrawal_hold).toBe(0n);
      expect(b.available).toBe(x.statusCode === 200 ? 0n : 10_000n);
    }
  });

  it('only admins decide: moderators and users get 403 and nothing moves', async () => {
    const u = await investor(10_000n);
    const w = (await withdraw(u.cookies, { userId: u.userId, amount: 10, currency: 'BTC' })).json().withdrawal;
    const mod = await signIn(t.database, 'moderator');
    expect((await decide(w.id, 'settled', mod.cookie)).statusCode).toBe(403);
    expect((await decide(w.id, 'settled', u.cookies)).statusCode).toBe(403);
    expect((await userBalances(t.database.db, u.userId)).withdrawal_hold).toBe(1_000n);
  });
});

describe('withdrawal lists', () => {
  it('staff see all with the cards’ figures; a user sees only their own', async () => {
    const u = await investor(10_000n);
    const other = await investor(10_000n);
    const w = (await withdraw(u.cookies, { userId: u.userId, amount: 40, currency: 'BTC' })).json().withdrawal;
    await decide(w.id, 'settled');
    await withdraw(u.cookies, { userId: u.userId, amount: 10, currency: 'BTC' });
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/transactions/withdrawals/${u.userId}?page=1&limit=10`,
      cookies: u.cookies,
    });
    expect(own.json()).toMatchObject({
      totalItems: 2,
      metrics: { totalWithdrawals: 2, pendingWithdrawals: 1, totalAmount: 40, averageAmount: 40 },
    });
    expect(own.json().data.map((x: { status: string }) => x.status)).toEqual(['pending', 'settled']);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/transactions/withdrawals/${u.userId}`, cookies: other.cookies }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/transactions/withdrawals', cookies: u.cookies })).statusCode,
    ).toBe(403);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/transactions/withdrawals?status=pending&page=0&limit=10',
      cookies: admin.cookie,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.every((x: { status: string }) => x.status === 'pending')).toBe(true);
    expect(all.json().metrics.totalWithdrawals).toBeGreaterThan(all.json().totalItems);
  });
});

describe('payout details', () => {
  it('change only with the password, start the security hold, and a user cannot change someone else’s', async () => {
    const { insertLoginUser } = await import('../../test/accounts');
    const { createSession } = await import('../sessions/service');
    const user = await insertLoginUser(t.database, 'correct horse battery');
    const { token } = await createSession(t.database.db, { userId: user.id, ttlMs: 3_600_000, now: new Date() });
    const put = (payload: object, id = user.id) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${id}/payout-details`, cookies: { LoginToken: token }, payload });
    expect((await put({ btcWallet: 'bc1qnew' })).json().message).toBe(
      'Enter your current password to change payout details',
    );
    // Issue 16: a wrong password inside a form is 400 (401 means only "not signed in").
    expect((await put({ btcWallet: 'bc1qnew', currentPassword: 'wrong password' })).statusCode).toBe(400);
    expect((await put({ btcWallet: 'bc1q new', currentPassword: 'correct horse battery' })).statusCode).toBe(400);
    const other = await investor(0n);
    expect(
      (await put({ btcWallet: 'bc1qnew', currentPassword: 'correct horse battery' }, other.userId)).statusCode,
    ).toBe(403);
    const ok = await put({
      btcWallet: 'bc1qnew',
      bank: { accountHolder: 'A B', bankName: 'Bank', accountNumber: 'GB29NWBK60161331926819', swift: 'nwbkgb2l' },
      currentPassword: 'correct horse battery',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile).toMatchObject({
      Account: { BTC_Wallet_Address: 'bc1qnew' },
      bank: { swift: 'NWBKGB2L' },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.securityHoldUntil!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // The profile PUT no longer changes bank details.
    const viaProfile = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.id}`,
      cookies: { LoginToken: token },
      payload: { bank: { accountHolder: 'X', bankName: 'Y', accountNumber: '1', swift: '' } },
    });
    expect(viaProfile.statusCode).toBe(400);
  });
});
