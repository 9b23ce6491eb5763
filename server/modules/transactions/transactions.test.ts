import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../test/rows';
import { fundedUser } from '../../test/accounts';
import { approveKyc } from '../../test/kyc';
import { REFERENCE_PATTERN } from './reference';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';

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

const get = (url: string, cookies: Record<string, string>) => t.app.inject({ method: 'GET', url, cookies });
const update = (id: number, status: string, cookies: Record<string, string> = admin.cookie) =>
  t.app.inject({ method: 'PUT', url: `/api/transactions/update/${id}`, cookies, payload: { status } });
/** Identity verified, since these tests withdraw and the KYC gate is on by default. */
const user = async (cents = 0n) => {
  const u = await fundedUser(t.database, admin.userId, cents, { btcWalletAddress: 'bc1qtest0000' });
  await approveKyc(t.database, u.userId);
  return u;
};
const newDeposit = async (cookies: Record<string, string>, amount: number) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/deposits/new', cookies, payload: { amount, currency: 'BTC' } })
  ).json().deposit;

describe('new_reference (SQL, used for bulk payouts)', () => {
  it("makes unique references in the app's Crockford form, every symbol in use", async () => {
    const rows = await queryRows<{ r: string }>(
      t.database.db,
      sql`select new_reference('TX') as r from generate_series(1, 3000)`,
    );
    const refs = rows.map((x) => x.r);
    for (const r of refs) expect(r).toMatch(REFERENCE_PATTERN);
    expect(new Set(refs).size).toBe(refs.length);
    expect(new Set(refs.join('').replace(/^TX|-|TX/g, '')).size).toBe(32);
  });
});

describe('transactions', () => {
  it('a user lists their own, filtered by type and status, newest first', async () => {
    const u = await user(10_000n);
    await newDeposit(u.cookies, 5);
    const all = await get(`/api/transactions/user/${u.userId}?page=1&limit=10`, u.cookies);
    expect(all.json()).toMatchObject({ totalItems: 2, currentPage: 1, totalPages: 1 });
    expect(all.json().data.map((x: { type: string }) => x.type)).toEqual(['deposit', 'manual_deposit']);
    expect(all.json().data[0].userName).toMatch(/^user/);
    const pending = await get(`/api/transactions/user/${u.userId}?status=pending`, u.cookies);
    expect(pending.json().data.map((x: { type: string }) => x.type)).toEqual(['deposit']);
    expect((await get(`/api/transactions/user/${u.userId}?type=manual_deposit`, u.cookies)).json().totalItems).toBe(1);
    const both = (status: string, type: string) =>
      get(`/api/transactions/user/${u.userId}?status=${status}&type=${type}`, u.cookies).then((r) => r.json());
    expect((await both('pending', 'deposit')).data.map((x: { type: string }) => x.type)).toEqual(['deposit']);
    expect(await both('completed', 'deposit')).toMatchObject({ totalItems: 0, data: [] });
    expect((await get(`/api/transactions/user/${u.userId}?status=bogus`, u.cookies)).statusCode).toBe(400);
    // Page two of one per page: the older one, with the total of both.
    const second = (await get(`/api/transactions/user/${u.userId}?page=2&limit=1`, u.cookies)).json();
    expect(second).toMatchObject({ totalItems: 2, currentPage: 2, totalPages: 2 });
    expect(second.data.map((x: { type: string }) => x.type)).toEqual(['manual_deposit']);
  });

  it('the order page: own or staff by reference; anyone else, an unknown or a malformed reference all read "not found"', async () => {
    const u = await user(1_000n);
    const other = await user();
    const ref = (await get(`/api/transactions/user/${u.userId}`, u.cookies)).json().data[0].referenceNumber;
    expect((await get(`/api/transactions/reference/${ref}`, u.cookies)).json()).toMatchObject({
      referenceNumber: ref,
      userId: u.userId,
      type: 'manual_deposit',
      status: 'completed',
      amount: 10,
    });
    expect((await get(`/api/transactions/reference/${ref.toLowerCase()}`, u.cookies)).statusCode).toBe(200);
    expect((await get(`/api/transactions/reference/${ref}`, admin.cookie)).statusCode).toBe(200);
    for (const [r, who] of [
      [ref, other.cookies],
      ['TX-0000-0000-0000', u.cookies],
      ['../../etc', u.cookies],
      ['x'.repeat(41), u.cookies],
    ] as const) {
      const res = await get(`/api/transactions/reference/${encodeURIComponent(r)}`, who);
      expect(res.statusCode === 404 || res.statusCode === 400).toBe(true);
      expect(res.json().message).not.toContain(String(u.userId));
    }
    expect((await get(`/api/transactions/reference/${ref}`, other.cookies)).json().message).toBe(
      'Transaction not found',
    );
    expect((await get(`/api/transactions/reference/${ref}`, {})).statusCode).toBe(401);
  });

  it('the full list is admin only, filterable by status', async () => {
    const u = await user();
    const mod = await signIn(t.database, 'moderator');
    expect((await get('/api/transactions', u.cookies)).statusCode).toBe(403);
    expect((await get('/api/transactions', mod.cookie)).statusCode).toBe(403);
    const res = await get('/api/transactions?status=completed&limit=5', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeLessThanOrEqual(5);
    expect(res.json().data.every((x: { status: string }) => x.status === 'completed')).toBe(true);
  });

  it('status changes: a pending deposit completed credits it; a pending withdrawal failed returns the hold; nothing else moves', async () => {
    const u = await user(10_000n);
    const d = await newDeposit(u.cookies, 25);
    const depTx = (await get(`/api/transactions/reference/${d.referenceNumber}`, u.cookies)).json();
    const done = await update(depTx.id, 'completed');
    expect(done.json()).toMatchObject({ message: 'Transaction status updated', transaction: { status: 'completed' } });
    expect((await userBalances(t.database.db, u.userId)).available).toBe(12_500n);
    const back = await update(depTx.id, 'pending');
    expect([back.statusCode, back.json().message]).toEqual([409, 'A completed transaction cannot be set to pending']);
    expect((await update(depTx.id, 'failed')).statusCode).toBe(409);

    const w = (
      await t.app.inject({
        method: 'POST',
        url: '/api/investments/withdraw',
        cookies: u.cookies,
        payload: { userId: u.userId, amount: 30, currency: 'BTC' },
      })
    ).json().withdrawal;
    const wTx = (await get(`/api/transactions/reference/${w.referenceNumber}`, u.cookies)).json();
    expect((await update(wTx.id, 'failed')).json().transaction.status).toBe('failed');
    expect(await userBalances(t.database.db, u.userId)).toEqual({
      available: 12_500n,
      invested: 0n,
      withdrawal_hold: 0n,
    });

    const manual = (await get(`/api/transactions/user/${u.userId}?type=manual_deposit`, u.cookies)).json().data[0];
    expect([
      (await update(manual.id, 'failed')).statusCode,
      (await update(manual.id, 'failed')).json().message,
    ]).toEqual([409, 'This transaction type has no status changes: post an adjustment instead']);
    expect((await update(manual.id, 'completed')).statusCode).toBe(200);
    expect((await update(depTx.id, 'completed', u.cookies)).statusCode).toBe(403);
    expect((await update(999_999, 'completed')).statusCode).toBe(404);
    expect((await update(depTx.id, 'done')).statusCode).toBe(400);
  });

  it('user-transactions metrics: settled totals, pending sums, 6 months of chart', async () => {
    const u = await user(20_000n);
    await newDeposit(u.cookies, 7);
    const w = (
      await t.app.inject({
        method: 'POST',
        url: '/api/investments/withdraw',
        cookies: u.cookies,
        payload: { userId: u.userId, amount: 50, currency: 'BTC' },
      })
    ).json().withdrawal;
    await t.app.inject({
      method: 'PUT',
      url: `/api/transactions/withdrawals/${w.id}/status`,
      cookies: admin.cookie,
      payload: { status: 'settled' },
    });
    const m = (await get(`/api/metrics/user-transactions/${u.userId}`, u.cookies)).json();
    expect(m).toMatchObject({ totalDeposits: 200, pendingDeposits: 7, totalWithdrawals: 50, pendingWithdrawals: 0 });
    expect(m.chart.labels).toHaveLength(6);
    expect(m.chart.datasets[0].data.at(-1)).toBe(200);
    expect(m.chart.datasets[1].data.at(-1)).toBe(50);
  });
});
