import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approveKyc } from '../../test/kyc';
import { asc, eq, gt } from 'drizzle-orm';
import { auditLog, deviceSessions, investments, plans, transactions } from '../../db/schema';
import { fundedUser } from '../../test/accounts';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { createSession } from '../sessions/service';
import { verifyLedger } from '../ledger/verify';

/** Every staff write leaves exactly one audit record, in the same transaction as the change. */
let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let adminName: string;
let mark = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  adminName = (
    await t.app.inject({ method: 'GET', url: `/api/users/profile/${admin.userId}`, cookies: admin.cookie })
  ).json().userName;
});
afterEach(async () => expect((await verifyLedger(t.database.db)).problems).toEqual([]));
afterAll(() => t.close());

/** The audit rows written since the last call. */
async function newAuditRows() {
  const rows = await t.database.db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(asc(auditLog.id));
  if (rows.length) mark = rows[rows.length - 1]!.id;
  return rows;
}
const as = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, cookies: admin.cookie, ...(payload ? { payload } : {}) });
const byAdmin = () => ({ actorId: admin.userId, actorUserName: adminName, actorRole: 'admin', ip: '127.0.0.1' });
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

async function pendingDeposit(amount = 40) {
  const u = await fundedUser(t.database, admin.userId, 0n);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/deposits/new',
    cookies: u.cookies,
    payload: { amount, currency: 'BTC' },
  });
  expect(res.statusCode).toBe(201);
  await newAuditRows();
  return { user: u, deposit: res.json().deposit as { id: number; referenceNumber: string } };
}
async function pendingWithdrawal() {
  const u = await fundedUser(t.database, admin.userId, 10_000n, { btcWalletAddress: WALLET });
  await approveKyc(t.database, u.userId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/investments/withdraw',
    cookies: u.cookies,
    payload: { userId: u.userId, amount: 30, currency: 'BTC' },
  });
  expect(res.statusCode).toBe(201);
  await newAuditRows();
  return { user: u, withdrawal: res.json().withdrawal as { id: number; referenceNumber: string } };
}

describe('deposits', () => {
  it.each([
    ['settled', 'deposit.approve'],
    ['invalid', 'deposit.reject'],
  ])('PUT /deposits/update %s records %s with the status before and after', async (status, action) => {
    const { user, deposit } = await pendingDeposit();
    expect((await as('PUT', `/api/deposits/update/${deposit.id}`, { status })).statusCode).toBe(200);
    const facts = { depositId: deposit.id, userId: user.userId, amount: 40, currency: 'BTC' };
    expect(await newAuditRows()).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action,
        targetType: 'deposit',
        targetId: String(deposit.id),
        before: { ...facts, status: 'pending' },
        after: { ...facts, status },
      }),
    ]);
  });

  it('a refused decision (already settled: 409) leaves no audit record', async () => {
    const { deposit } = await pendingDeposit();
    await as('PUT', `/api/deposits/update/${deposit.id}`, { status: 'settled' });
    await newAuditRows();
    const again = await as('PUT', `/api/deposits/update/${deposit.id}`, { status: 'settled' });
    expect(again.statusCode).toBe(409);
    expect(await newAuditRows()).toEqual([]);
    expect((await as('PUT', '/api/deposits/update/999999', { status: 'settled' })).statusCode).toBe(404);
    expect(await newAuditRows()).toEqual([]);
  });

  it('POST /deposits/manual records deposit.manual once; its replay records nothing', async () => {
    const userId = await insertUser(t.database);
    const payload = { userId, amount: '12.34', currency: 'BTC', notes: '=cash', idempotencyKey: 'audit-manual-1' };
    const res = await as('POST', '/api/deposits/manual', payload);
    expect(res.statusCode).toBe(201);
    const txId = res.json().transaction.id;
    expect(await newAuditRows()).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action: 'deposit.manual',
        targetType: 'transaction',
        targetId: String(txId),
        before: null,
        after: expect.objectContaining({ userId, amount: 12.34, currency: 'BTC', notes: '=cash', status: 'completed' }),
      }),
    ]);
    expect((await as('POST', '/api/deposits/manual', payload)).statusCode).toBe(200);
    expect(await newAuditRows()).toEqual([]);
  });
});

describe('withdrawals', () => {
  it.each([
    ['settled', 'withdrawal.approve'],
    ['invalid', 'withdrawal.reject'],
  ])('PUT /transactions/withdrawals/:id/status %s records %s', async (status, action) => {
    const { user, withdrawal } = await pendingWithdrawal();
    expect((await as('PUT', `/api/transactions/withdrawals/${withdrawal.id}/status`, { status })).statusCode).toBe(200);
    const facts = { withdrawalId: withdrawal.id, userId: user.userId, amount: 30, fee: 0, currency: 'BTC' };
    expect(await newAuditRows()).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action,
        targetType: 'withdrawal',
        targetId: String(withdrawal.id),
        before: { ...facts, status: 'pending' },
        after: { ...facts, status },
      }),
    ]);
    expect((await as('PUT', `/api/transactions/withdrawals/${withdrawal.id}/status`, { status })).statusCode).toBe(409);
    expect(await newAuditRows()).toEqual([]);
  });
});

describe('transactions', () => {
  it('PUT /transactions/update/:id records one transaction.update (not a second deposit record)', async () => {
    const { deposit } = await pendingDeposit(55);
    const [tx] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.referenceNumber, deposit.referenceNumber));
    expect((await as('PUT', `/api/transactions/update/${tx!.id}`, { status: 'completed' })).statusCode).toBe(200);
    expect(await newAuditRows()).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action: 'transaction.update',
        targetType: 'transaction',
        targetId: String(tx!.id),
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({ status: 'settled', amount: 55 }),
      }),
    ]);
    expect((await as('PUT', `/api/transactions/update/${tx!.id}`, { status: 'failed' })).statusCode).toBe(409);
    expect(await newAuditRows()).toEqual([]);
  });
});

describe('investments', () => {
  it('POST /investments/:id/cancel records investment.cancel; a second cancel (409) records nothing', async () => {
    const u = await fundedUser(t.database, admin.userId, 100_000n);
    const [plan] = await t.database.db.select().from(plans).where(eq(plans.name, 'Starter'));
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/investments',
      cookies: u.cookies,
      payload: { planId: plan!.id, amount: plan!.minimumInvestment.toString().replace(/(\d\d)$/, '.$1') },
    });
    expect(made.statusCode).toBe(201);
    const inv = made.json().data.investment;
    await newAuditRows();
    expect((await as('POST', `/api/investments/${inv.id}/cancel`)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(investments).where(eq(investments.id, inv.id));
    expect(await newAuditRows()).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action: 'investment.cancel',
        targetType: 'investment',
        targetId: String(inv.id),
        before: expect.objectContaining({ status: 'running', userId: u.userId }),
        after: expect.objectContaining({ status: 'cancelled', endedAt: row!.endedAt!.toISOString() }),
      }),
    ]);
    expect((await as('POST', `/api/investments/${inv.id}/cancel`)).statusCode).toBe(409);
    expect(await newAuditRows()).toEqual([]);
  });
});

describe('plans', () => {
  const form = {
    name: 'Audit Plan',
    description: 'For the audit',
    duration: 10,
    interestRate: '12.5',
    minimumInvestment: '100',
    maximumInvestment: 1000,
  };

  it('create, update and delete each record one row with the plan terms', async () => {
    const created = await as('POST', '/api/plans', form);
    const id = created.json().data.id;
    const terms = {
      name: 'Audit Plan',
      description: 'For the audit',
      duration: 10,
      interestRate: 12.5,
      minimumInvestment: 100,
      maximumInvestment: 1000,
      archived: false,
    };
    expect(await newAuditRows()).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action: 'plan.create',
        targetType: 'plan',
        targetId: String(id),
        before: null,
        after: expect.objectContaining(terms),
      }),
    ]);

    expect((await as('PUT', `/api/plans/${id}`, { ...form, interestRate: 7 })).statusCode).toBe(200);
    expect(await newAuditRows()).toEqual([
      expect.objectContaining({
        action: 'plan.update',
        before: expect.objectContaining({ interestRate: 12.5 }),
        after: expect.objectContaining({ interestRate: 7 }),
      }),
    ]);

    expect((await as('DELETE', `/api/plans/${id}`)).json()).toMatchObject({ archived: false });
    expect(await newAuditRows()).toEqual([
      expect.objectContaining({
        action: 'plan.delete',
        targetId: String(id),
        before: expect.objectContaining({ interestRate: 7 }),
        after: null,
      }),
    ]);
    expect((await as('PUT', `/api/plans/${id}`, form)).statusCode).toBe(404);
    expect(await newAuditRows()).toEqual([]);
  });

  it('deleting a plan with investments archives it and records plan.archive', async () => {
    const id = (await as('POST', '/api/plans', form)).json().data.id;
    const u = await fundedUser(t.database, admin.userId, 50_000n);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/investments',
          cookies: u.cookies,
          payload: { planId: id, amount: 150 },
        })
      ).statusCode,
    ).toBe(201);
    await newAuditRows();
    expect((await as('DELETE', `/api/plans/${id}`)).json()).toMatchObject({ archived: true });
    expect(await newAuditRows()).toEqual([
      expect.objectContaining({
        action: 'plan.archive',
        before: expect.objectContaining({ archived: false }),
        after: expect.objectContaining({ archived: true }),
      }),
    ]);
    // Already archived: nothing changes, nothing is recorded.
    await as('DELETE', `/api/plans/${id}`);
    expect(await newAuditRows()).toEqual([]);
  });
});

describe('site settings', () => {
  it('PUT /utils/site-settings records the changed fields only, a secret as a mask and never its value', async () => {
    await newAuditRows();
    const res = await as('PUT', '/api/utils/site-settings', {
      siteName: 'Audit Site',
      smtpHost: 'smtp.example.test',
      smtpPort: '587',
      smtpUser: 'mailer',
      smtpPass: 'hunter2-very-secret',
      fromEmail: 'no-reply@example.test',
    });
    expect(res.statusCode).toBe(200);
    const rows = await newAuditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...byAdmin(), action: 'settings.update', targetType: 'settings', targetId: '1' });
    expect(rows[0]!.before).toMatchObject({ siteName: expect.any(String), smtpHost: '', smtpPass: '' });
    expect(rows[0]!.after).toMatchObject({
      siteName: 'Audit Site',
      smtpHost: 'smtp.example.test',
      smtpPass: '•••••••• (changed)',
    });
    expect(Object.keys(rows[0]!.after as object).sort()).toEqual([
      'fromEmail',
      'siteName',
      'smtpHost',
      'smtpPass',
      'smtpPort',
      'smtpUser',
    ]);
    expect(JSON.stringify(rows[0])).not.toContain('hunter2');

    const bad = await as('PUT', '/api/utils/site-settings', { smtpHost: '' });
    expect(bad.statusCode).toBe(400);
    expect(await newAuditRows()).toEqual([]);
  });
});

describe('users', () => {
  it('an admin editing another user records user.update with the changed fields; a user editing themself records nothing', async () => {
    const target = await fundedUser(t.database, admin.userId, 0n, { firstName: 'Ann' });
    const res = await as('PUT', `/api/users/profile/${target.userId}`, {
      firstName: 'Anna',
      role: 'moderator',
      maxDevices: 3,
    });
    expect(res.statusCode).toBe(200);
    const rows = await newAuditRows();
    expect(rows).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action: 'user.update',
        targetType: 'user',
        targetId: String(target.userId),
        before: { firstName: 'Ann', role: 'user', maxDevices: 2 },
        after: { firstName: 'Anna', role: 'moderator', maxDevices: 3 },
      }),
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/passwordHash|twoFactorSecret|argon2/);

    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/users/profile/${target.userId}`,
          cookies: target.cookies,
          payload: { lastName: 'Own' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await newAuditRows()).toEqual([]);
  });
});

describe('device sessions', () => {
  it("an admin disconnecting another user's session records session.disconnect; one's own records nothing", async () => {
    const userId = await insertUser(t.database);
    const { sessionId } = await createSession(t.database.db, { userId, ttlMs: 3_600_000, now: new Date() });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/users/device-sessions/${sessionId}`,
          cookies: admin.cookie,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    expect(await t.database.db.select().from(deviceSessions).where(eq(deviceSessions.id, sessionId))).toEqual([]);
    expect(await newAuditRows()).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action: 'session.disconnect',
        targetType: 'session',
        targetId: String(sessionId),
        before: expect.objectContaining({ userId }),
      }),
    ]);

    const other = await createSession(t.database.db, { userId: admin.userId, ttlMs: 3_600_000, now: new Date() });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/users/device-sessions/${other.sessionId}`,
          cookies: admin.cookie,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    expect(await newAuditRows()).toEqual([]);
  });
});

describe('avatars', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (userId: number, cookies: Record<string, string>) => {
    const boundary = '----audit' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/profile-image`,
      cookies,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it("an admin replacing another user's picture records user.avatar; one's own records nothing", async () => {
    const target = await fundedUser(t.database, admin.userId, 0n);
    await newAuditRows();
    const res = await upload(target.userId, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(await newAuditRows()).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action: 'user.avatar',
        targetType: 'user',
        targetId: String(target.userId),
        before: { profileImage: null },
        after: { profileImage: expect.stringMatching(/^\d+-[0-9a-f]{16}\.png$/) },
      }),
    ]);
    expect((await upload(target.userId, target.cookies)).statusCode).toBe(200);
    expect(await newAuditRows()).toEqual([]);
  });
});
