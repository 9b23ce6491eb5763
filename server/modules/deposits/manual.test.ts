import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';
import { REFERENCE_PATTERN } from '../transactions/reference';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
});
afterAll(() => t.close());

const credit = (payload: object, cookies: Record<string, string> = admin.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/deposits/manual', cookies, payload });

describe('POST /api/deposits/manual', () => {
  it('credits the user at once and records a completed manual_deposit naming the admin', async () => {
    const userId = await insertUser(t.database);
    const res = await credit({ userId, amount: '1234.56', currency: 'USDT-TRON', notes: 'Wire received' });
    expect(res.statusCode).toBe(201);
    const tx = res.json().transaction;
    expect(tx).toMatchObject({
      userId,
      type: 'manual_deposit',
      amount: 1234.56,
      currency: 'USD',
      status: 'completed',
      paymentMethod: 'USDT-TRON',
      description: 'Wire received',
    });
    expect(tx.referenceNumber).toMatch(REFERENCE_PATTERN);
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row!.createdBy).toBe(admin.userId);
    expect((await userBalances(t.database.db, userId)).available).toBe(123_456n);
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('is on the deposit lists and in their figures, settled, once per credit (issue 18)', async () => {
    const userId = await insertUser(t.database);
    const before = (await t.app.inject({ method: 'GET', url: '/api/metrics/deposits', cookies: admin.cookie })).json();
    const body = { userId, amount: 150, currency: 'USDT', notes: '', idempotencyKey: 'manual-listed-123456' };
    const tx = (await credit(body)).json().transaction;
    expect((await credit(body)).statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/deposits/all?userId=${userId}`,
      cookies: admin.cookie,
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        userId,
        amount: 150,
        currency: 'USDT',
        status: 'settled',
        manual: true,
        referenceNumber: tx.referenceNumber,
      }),
    ]);
    const own = await t.app.inject({ method: 'GET', url: `/api/deposits/${userId}/user`, cookies: admin.cookie });
    expect(own.json().data.map((d: { referenceNumber: string }) => d.referenceNumber)).toEqual([tx.referenceNumber]);
    const after = (await t.app.inject({ method: 'GET', url: '/api/metrics/deposits', cookies: admin.cookie })).json();
    expect(after.totalDeposits - before.totalDeposits).toBe(1);
    expect(after.settledDeposits - before.settledDeposits).toBe(1);
    expect(Math.round((after.totalDepositAmount - before.totalDepositAmount) * 100)).toBe(15_000);
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('credits once per idempotency key', async () => {
    const userId = await insertUser(t.database);
    const body = { userId, amount: 50, currency: 'BTC', idempotencyKey: 'admin-form-123456' };
    const first = await credit(body);
    const second = await credit(body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().transaction.id).toBe(first.json().transaction.id);
    expect((await userBalances(t.database.db, userId)).available).toBe(5_000n);
  });

  it('is for admins only', async () => {
    const userId = await insertUser(t.database);
    for (const role of ['user', 'moderator'] as const) {
      const who = await signIn(t.database, role);
      const res = await credit({ userId, amount: 10, currency: 'BTC' }, who.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Unauthorized: Admin access required');
    }
    expect((await credit({ userId, amount: 10, currency: 'BTC' }, {})).statusCode).toBe(401);
    expect((await userBalances(t.database.db, userId)).available).toBe(0n);
  });

  it.each([
    [{ amount: -5 }, 'amount'],
    [{ amount: 0 }, 'amount'],
    [{ amount: '10.005' }, 'amount'],
    [{ amount: '1e3' }, 'amount'],
    [{ amount: 'NaN' }, 'amount'],
    [{ amount: 1_000_000_000 }, 'amount'],
    [{ currency: 'DOGE' }, 'currency'],
    [{ userId: -1 }, 'userId'],
    [{ userId: '1; drop table users' }, 'userId'],
  ])('refuses %j', async (patch, field) => {
    const userId = await insertUser(t.database);
    const res = await credit({ userId, amount: 10, currency: 'BTC', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await userBalances(t.database.db, userId)).available).toBe(0n);
  });

  it('404s an unknown or deleted user', async () => {
    expect((await credit({ userId: 99_999_999, amount: 10, currency: 'BTC' })).statusCode).toBe(404);
    const gone = await insertUser(t.database, { deletedAt: new Date() });
    expect((await credit({ userId: gone, amount: 10, currency: 'BTC' })).statusCode).toBe(404);
  });
});
