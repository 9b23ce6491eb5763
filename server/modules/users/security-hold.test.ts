import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog, notifications, users } from '../../db/schema';
import { fundedUser } from '../../test/accounts';
import { approveKyc } from '../../test/kyc';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { wordNotice } from '../notifications/messages';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const WALLET = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const heldInvestor = async (hours: number) => {
  const u = await fundedUser(t.database, admin.userId, 10_000n, {
    btcWalletAddress: WALLET,
    securityHoldUntil: new Date(Date.now() + hours * HOUR),
  });
  await approveKyc(t.database, u.userId);
  return u;
};
const change = (id: number, payload: object, cookies: Record<string, string> = admin.cookie) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}/security-hold`, cookies, payload });
const withdraw = (u: { userId: number; cookies: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/investments/withdraw',
    cookies: u.cookies,
    payload: { userId: u.userId, amount: 10, currency: 'BTC' },
  });
const holdOf = async (id: number) =>
  (await t.database.db.select({ h: users.securityHoldUntil }).from(users).where(eq(users.id, id)))[0]!.h;
const latestNotice = async (id: number) => {
  const [n] = await t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientId, id))
    .orderBy(desc(notifications.id))
    .limit(1);
  return { text: wordNotice(n!), kind: n!.kind };
};

describe('PUT /api/users/:id/security-hold', () => {
  it('ends a running hold with a reason: withdrawals open at once, audited, the user notified', async () => {
    const u = await heldInvestor(24);
    expect((await withdraw(u)).json().code).toBe('SECURITY_HOLD');
    const res = await change(u.userId, { reason: 'Confirmed by phone with the account holder' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Security hold ended: the user can withdraw again',
      securityHoldUntil: null,
    });
    expect(await holdOf(u.userId)).toBeNull();
    expect((await withdraw(u)).statusCode).toBe(201);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.security_hold_end'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actorId: admin.userId, targetType: 'user', targetId: String(u.userId) });
    expect(audit!.after).toEqual({ securityHoldUntil: null, reason: 'Confirmed by phone with the account holder' });
    const notice = await latestNotice(u.userId);
    expect(notice.kind).toBe('security');
    expect(notice.text).toContain('ended the security hold');
    expect(notice.text).toContain('Reason: Confirmed by phone with the account holder.');
  });

  it('shortens a hold to an earlier end, and refuses an end outside now..current end', async () => {
    const u = await heldInvestor(24);
    const until = new Date(Date.now() + 2 * HOUR);
    for (const bad of [new Date(Date.now() - HOUR), new Date(Date.now() + 30 * HOUR)]) {
      const res = await change(u.userId, { reason: 'Shorter please', until: bad.toISOString() });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const res = await change(u.userId, { reason: 'Known device, shorter hold', until: until.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Security hold shortened', securityHoldUntil: until.toISOString() });
    expect((await holdOf(u.userId))!.toISOString()).toBe(until.toISOString());
    expect((await latestNotice(u.userId)).text).toContain('shortened the security hold');
  });

  it('needs a reason, a running hold, an admin and a known user', async () => {
    const u = await heldInvestor(24);
    expect((await change(u.userId, {})).statusCode).toBe(400);
    expect((await change(u.userId, { reason: 'ok' })).statusCode).toBe(400);
    const moderator = await signIn(t.database, 'moderator');
    expect((await change(u.userId, { reason: 'Not mine to lift' }, moderator.cookie)).statusCode).toBe(403);
    expect((await change(u.userId, { reason: 'Not mine to lift' }, u.cookies)).statusCode).toBe(403);
    expect((await change(9_999_999, { reason: 'Nobody is here' })).statusCode).toBe(404);
    expect(await holdOf(u.userId)).not.toBeNull();
    const free = await heldInvestor(-1);
    const res = await change(free.userId, { reason: 'Nothing to lift' });
    expect([res.statusCode, res.json().message]).toEqual([409, 'This user has no security hold running']);
  });
});

describe('lowering the hold setting', () => {
  it('shortens the holds already running by the same amount', async () => {
    const u = await heldInvestor(24);
    const before = (await holdOf(u.userId))!.getTime();
    const current = (await t.app.settings.get()).securityHoldHours;
    expect(current).toBe(24);
    await t.app.settings.update({ securityHoldHours: 4 } as never, admin.userId);
    try {
      expect((await holdOf(u.userId))!.getTime()).toBe(before - 20 * HOUR);
    } finally {
      await t.app.settings.update({ securityHoldHours: 24 } as never, admin.userId);
    }
    // Raising it again never lengthens a running hold.
    expect((await holdOf(u.userId))!.getTime()).toBe(before - 20 * HOUR);
  });
});
