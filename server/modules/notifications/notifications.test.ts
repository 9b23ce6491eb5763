import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveKyc } from '../../test/kyc';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../test/rows';
import {
  auditLog,
  mailOutbox,
  notificationDeliveries,
  notificationReads,
  notifications,
  plans,
  users,
} from '../../db/schema';
import { fundedUser } from '../../test/accounts';
import { createTestApp, insertUser, signIn, TEST_APP_SECRET, type TestContext } from '../../test/app';
import { startTelegramFake, type FakeTelegram } from '../../test/telegram-fake';
import { createSecretBox } from '../../lib/secrets';
import { accrueDueReturns } from '../investments/accrual';
import { createSession } from '../sessions/service';
import { pollTelegramUpdates } from './telegram-link';
import { noticeOf, textNotice, wordNotice } from './messages';

const BOT_TOKEN = '123456:test-token';
let t: TestContext;
let tg: FakeTelegram;
let admin: Awaited<ReturnType<typeof signIn>>;
let mod: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  tg = await startTelegramFake(BOT_TOKEN);
  t = await createTestApp({ telegramApiUrl: tg.url });
  admin = await signIn(t.database, 'admin');
  mod = await signIn(t.database, 'moderator');
});
afterAll(async () => {
  await t.close();
  await tg.stop();
});

type Cookies = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookies: Cookies = {}, payload?: object) =>
  t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });
const listOf = async (userId: number, cookies: Cookies, query = '') =>
  (await req('GET', `/api/notifications/user/${userId}${query}`, cookies)).json();
const session = async (userId: number) => ({
  LoginToken: (await createSession(t.database.db, { userId, ttlMs: 3_600_000, now: new Date() })).token,
});
const person = async (fields: Partial<typeof users.$inferInsert> = {}) => {
  const userId = await insertUser(t.database, fields);
  return { userId, cookies: await session(userId) };
};
const noticesOf = async (userId: number) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.recipientId, userId))).map((n) => [
    n.kind,
    wordNotice(n),
  ]);

describe('POST /api/notifications/send-user and send-all', () => {
  it('lets staff send, answers the spec messages, refuses users and anonymous, and audits each send', async () => {
    const u = await person();
    const cases: [Cookies, string, object, number, string][] = [
      [{}, 'send-user', { userId: u.userId, message: 'hi' }, 401, 'User not logged in'],
      [u.cookies, 'send-user', { userId: u.userId, message: 'hi' }, 403, 'Unauthorized: Admin access required'],
      [u.cookies, 'send-all', { message: 'hi' }, 403, 'Unauthorized: Admin access required'],
      [admin.cookie, 'send-user', { userId: u.userId }, 400, 'Message is required'],
      [admin.cookie, 'send-user', { userId: u.userId, message: '   ' }, 400, 'Message cannot be empty'],
      [admin.cookie, 'send-all', { message: '' }, 400, 'Message cannot be empty'],
      [admin.cookie, 'send-all', {}, 400, 'Message is required'],
      [admin.cookie, 'send-user', { message: 'hello' }, 400, 'User ID is required for specific recipient'],
      [admin.cookie, 'send-user', { userId: '', message: 'hello' }, 400, 'User ID is required for specific recipient'],
      [
        admin.cookie,
        'send-user',
        { userId: 'abc', message: 'hello' },
        400,
        'User ID is required for specific recipient',
      ],
      [
        admin.cookie,
        'send-user',
        { userId: u.userId, message: 'x'.repeat(2001) },
        400,
        'Message must be at most 2000 characters',
      ],
      [admin.cookie, 'send-user', { userId: 99_999_999, message: 'hello' }, 404, 'User not found'],
    ];
    for (const [cookies, path, payload, status, message] of cases) {
      const res = await req('POST', `/api/notifications/${path}`, cookies, payload);
      expect({ path, payload, status: res.statusCode, message: res.json().message }).toEqual({
        path,
        payload,
        status,
        message,
      });
    }
    expect(await noticesOf(u.userId)).toEqual([]);

    const sent = await req('POST', '/api/notifications/send-user', mod.cookie, {
      userId: u.userId,
      message: '  Welcome aboard  ',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ success: true, message: 'Notification sent successfully!' });
    expect(await noticesOf(u.userId)).toEqual([['staff', 'Welcome aboard']]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notification.send'), eq(auditLog.targetId, String(u.userId))));
    expect(audit).toMatchObject({ actorId: mod.userId, actorRole: 'moderator', targetType: 'user' });
  });
});

describe('GET /api/notifications/user/:id and read state', () => {
  it('shows a user only their own list; staff may read any; bad ids are 400', async () => {
    const a = await person();
    const b = await person();
    await req('POST', '/api/notifications/send-user', admin.cookie, { userId: b.userId, message: 'for b only' });
    expect((await req('GET', `/api/notifications/user/${b.userId}`, a.cookies)).statusCode).toBe(403);
    expect((await req('GET', `/api/notifications/user/${b.userId}`)).statusCode).toBe(401);
    expect((await req('GET', '/api/notifications/user/abc', a.cookies)).statusCode).toBe(400);
    expect((await req('GET', '/api/notifications/user/0', a.cookies)).statusCode).toBe(400);
    expect((await req('GET', '/api/notifications/user/99999999', admin.cookie)).statusCode).toBe(404);
    expect(await listOf(b.userId, mod.cookie)).toMatchObject({
      totalItems: 1,
      unreadCount: 1,
      data: [{ message: 'for b only', isRead: false, recipientId: b.userId }],
    });
    expect(await listOf(a.userId, a.cookies)).toMatchObject({ totalItems: 0, unreadCount: 0, data: [] });
    expect((await req('GET', '/api/notifications/all-notifications', a.cookies)).statusCode).toBe(403);
    expect((await req('GET', '/api/notifications/all-notifications')).statusCode).toBe(401);
  });

  it('user A can neither mark nor see user B’s notification; marking changes only the caller’s count', async () => {
    const a = await person();
    const b = await person();
    const id = (
      await req('POST', '/api/notifications/send-user', admin.cookie, { userId: b.userId, message: 'private' })
    ).json().notificationId;
    for (const verb of ['read', 'unread']) {
      const res = await req('PUT', `/api/notifications/${id}/${verb}`, a.cookies);
      expect([res.statusCode, res.json().message]).toEqual([404, 'Notification not found']);
    }
    expect((await req('PUT', `/api/notifications/${id}/read`)).statusCode).toBe(401);
    expect((await req('PUT', '/api/notifications/abc/read', b.cookies)).statusCode).toBe(400);
    expect((await listOf(b.userId, b.cookies)).unreadCount).toBe(1);
    const read = await req('PUT', `/api/notifications/${id}/read`, b.cookies);
    expect(read.json()).toMatchObject({
      message: 'Notification marked as read',
      unreadCount: 0,
      notification: { id, isRead: true },
    });
    expect((await req('PUT', `/api/notifications/${id}/read`, b.cookies)).json().unreadCount).toBe(0);
    const unread = await req('PUT', `/api/notifications/${id}/unread`, b.cookies);
    expect(unread.json()).toMatchObject({
      message: 'Notification marked as unread',
      unreadCount: 1,
      notification: { isRead: false },
    });
  });

  it('a broadcast is stored once, read per user, and not shown to users who register later unless asked', async () => {
    const a = await person();
    const b = await person();
    const before = Number(
      (await queryRows<{ n: string }>(t.database.db, sql`select count(*) as n from notifications`))[0]!.n,
    );
    const res = await req('POST', '/api/notifications/send-all', admin.cookie, { message: 'Maintenance tonight' });
    expect(res.json()).toMatchObject({ success: true, message: 'Notification sent successfully!' });
    const id = res.json().notificationId;
    expect(
      Number((await queryRows<{ n: string }>(t.database.db, sql`select count(*) as n from notifications`))[0]!.n),
    ).toBe(before + 1);
    const unreadA = (await listOf(a.userId, a.cookies)).unreadCount;
    const unreadB = (await listOf(b.userId, b.cookies)).unreadCount;
    expect(unreadA).toBeGreaterThanOrEqual(1);

    await req('PUT', `/api/notifications/${id}/read`, a.cookies);
    expect((await listOf(a.userId, a.cookies)).unreadCount).toBe(unreadA - 1);
    expect((await listOf(b.userId, b.cookies)).unreadCount).toBe(unreadB);
    expect((await listOf(b.userId, b.cookies, '?filter=unread')).data.map((n: { id: number }) => n.id)).toContain(id);
    expect((await listOf(a.userId, a.cookies, '?filter=read')).data.map((n: { id: number }) => n.id)).toEqual([id]);
    expect((await listOf(a.userId, a.cookies, '?filter=unread')).data.map((n: { id: number }) => n.id)).not.toContain(
      id,
    );

    // The staff table: the viewer's own read state, and how many users read the broadcast.
    const all = (await req('GET', '/api/notifications/all-notifications', admin.cookie)).json();
    const row = all.data.find((n: { id: number }) => n.id === id);
    expect(row).toMatchObject({ recipientId: null, isRead: false, readCount: 1 });
    expect(row.audienceCount).toBeGreaterThanOrEqual(4);
    await req('PUT', `/api/notifications/${id}/read`, mod.cookie);
    const afterMod = (await req('GET', '/api/notifications/all-notifications', admin.cookie))
      .json()
      .data.find((n: { id: number }) => n.id === id);
    expect(afterMod).toMatchObject({ isRead: false, readCount: 2 });

    // Staff can list only the broadcasts, or only the notices to one user.
    const everything = (await req('GET', '/api/notifications/all-notifications?limit=100', admin.cookie)).json();
    const broadcasts = (
      await req('GET', '/api/notifications/all-notifications?limit=100&recipient=all', admin.cookie)
    ).json();
    const direct = (
      await req('GET', '/api/notifications/all-notifications?limit=100&recipient=user', admin.cookie)
    ).json();
    expect(broadcasts.data.map((n: { id: number }) => n.id)).toContain(id);
    expect(broadcasts.data.every((n: { recipientId: number | null }) => n.recipientId === null)).toBe(true);
    expect(direct.data.every((n: { recipientId: number | null }) => n.recipientId !== null)).toBe(true);
    expect(direct.data.length).toBeGreaterThan(0);
    expect(broadcasts.totalItems + direct.totalItems).toBe(everything.totalItems);
    expect((await req('GET', '/api/notifications/all-notifications?recipient=nobody', admin.cookie)).statusCode).toBe(
      400,
    );

    // Registered after the broadcast: not shown; a later broadcast marked for later users is.
    const late = await person({ createdAt: new Date(Date.now() + 1000) });
    expect((await listOf(late.userId, late.cookies)).data.map((n: { id: number }) => n.id)).not.toContain(id);
    expect((await req('PUT', `/api/notifications/${id}/read`, late.cookies)).statusCode).toBe(404);
    const forAll = (
      await req('POST', '/api/notifications/send-all', admin.cookie, {
        message: 'Welcome, everyone',
        includeLaterUsers: true,
      })
    ).json().notificationId;
    const later = await person({ createdAt: new Date(Date.now() + 60_000) });
    expect((await listOf(later.userId, later.cookies)).data.map((n: { id: number }) => n.id)).toEqual([forAll]);
  });

  it('pages newest first, 10 by default', async () => {
    const u = await person();
    // Broadcasts kept for later users (an earlier test sent one) count too.
    const base = (await listOf(u.userId, u.cookies)).totalItems;
    await t.database.db
      .insert(notificationReads)
      .select(sql`select id, ${u.userId}::bigint, now() from notifications where recipient_id is null`);
    for (let i = 1; i <= 12; i++)
      await req('POST', '/api/notifications/send-user', admin.cookie, { userId: u.userId, message: `note ${i}` });
    const p1 = await listOf(u.userId, u.cookies);
    expect(p1).toMatchObject({ totalItems: base + 12, totalPages: 2, currentPage: 1, unreadCount: 12 });
    expect(p1.data).toHaveLength(10);
    expect(p1.data[0].message).toBe('note 12');
    const p2 = await listOf(u.userId, u.cookies, '?page=2&limit=10&filter=unread');
    expect(p2.data.map((n: { message: string }) => n.message)).toEqual(['note 2', 'note 1']);
    expect((await listOf(u.userId, u.cookies, '?limit=5')).data).toHaveLength(5);
  });
});

describe('event notifications', () => {
  it('deposits settled and rejected, withdrawals approved and rejected, investment started and ended, referral bonus', async () => {
    const referrer = await person();
    const u = await fundedUser(t.database, admin.userId, 2_000_000n, {
      referrerId: referrer.userId,
      btcWalletAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    });
    await approveKyc(t.database, u.userId);
    expect(await noticesOf(u.userId)).toEqual([
      ['deposit', 'Your deposit of $20,000.00 (BTC) was credited to your available balance.'],
    ]);

    const d1 = (await req('POST', '/api/deposits/new', u.cookies, { amount: '150.25', currency: 'BTC' })).json()
      .deposit;
    const d2 = (await req('POST', '/api/deposits/new', u.cookies, { amount: '10', currency: 'LTC' })).json().deposit;
    expect((await req('PUT', `/api/deposits/update/${d1.id}`, admin.cookie, { status: 'settled' })).statusCode).toBe(
      200,
    );
    expect((await req('PUT', `/api/deposits/update/${d2.id}`, admin.cookie, { status: 'invalid' })).statusCode).toBe(
      200,
    );

    const w1 = (
      await req('POST', '/api/investments/withdraw', u.cookies, { userId: u.userId, amount: 100, currency: 'BTC' })
    ).json().withdrawal;
    const w2 = (
      await req('POST', '/api/investments/withdraw', u.cookies, { userId: u.userId, amount: 50, currency: 'BTC' })
    ).json().withdrawal;
    expect(
      (await req('PUT', `/api/transactions/withdrawals/${w1.id}/status`, admin.cookie, { status: 'settled' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await req('PUT', `/api/transactions/withdrawals/${w2.id}/status`, admin.cookie, { status: 'invalid' }))
        .statusCode,
    ).toBe(200);

    const [plan] = await t.database.db.select().from(plans).where(eq(plans.name, 'Growth'));
    const inv = await req('POST', '/api/investments', u.cookies, { planId: plan!.id, amount: 6000 });
    expect(inv.statusCode).toBe(201);

    expect(await noticesOf(u.userId)).toEqual(
      expect.arrayContaining([
        ['deposit', 'Your deposit of $150.25 (BTC) was credited to your available balance.'],
        ['deposit', 'Your deposit of $10.00 (LTC) was rejected. Contact support if you believe this is a mistake.'],
        ['withdrawal', 'Your withdrawal of $100.00 (BTC) was approved and paid.'],
        ['withdrawal', 'Your withdrawal of $50.00 (BTC) was rejected: the amount is back in your available balance.'],
        [
          'investment',
          `Your investment of $6,000.00 in Growth has started: returns are paid daily for ${plan!.termPeriods} days.`,
        ],
      ]),
    );
    expect((await noticesOf(u.userId)).length).toBe(6);
    expect(await noticesOf(referrer.userId)).toEqual([
      ['referral', expect.stringMatching(/^You received a level 1 referral bonus of \$[\d,.]+\.$/)],
    ]);

    // Plan end: the accrual ends it and tells the user, in the same batch.
    const result = await accrueDueReturns(t.database.db, new Date(Date.now() + (plan!.termPeriods! + 1) * 86_400_000));
    expect(result.ended).toBeGreaterThanOrEqual(1);
    expect(await noticesOf(u.userId)).toContainEqual([
      'investment',
      'Your investment in Growth has ended: $6,000.00 principal was returned to your available balance.',
    ]);
  });

  it('a failed money action leaves no notice behind', async () => {
    const u = await fundedUser(t.database, admin.userId, 0n);
    const before = await noticesOf(u.userId);
    const w = await req('POST', '/api/investments/withdraw', u.cookies, {
      userId: u.userId,
      amount: 100,
      currency: 'BTC',
    });
    expect(w.statusCode).toBe(422);
    expect(
      (await req('PUT', '/api/transactions/withdrawals/99999999/status', admin.cookie, { status: 'settled' }))
        .statusCode,
    ).toBe(404);
    expect(await noticesOf(u.userId)).toEqual(before);
  });
});

describe('email and Telegram copies', () => {
  const box = createSecretBox(TEST_APP_SECRET);
  const mailsTo = async (email: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).map((m) => ({
      subject: m.subject,
      text: box.decrypt(m.textBody),
    }));
  const emailOf = async (id: number) =>
    (await t.database.db.select({ e: users.email }).from(users).where(eq(users.id, id)))[0]!.e;

  it('emails users who want email after commit; security notices always; none for users who opted out', async () => {
    const yes = await person({ emailNotifications: true });
    const no = await person({ emailNotifications: false });
    await req('POST', '/api/notifications/send-user', admin.cookie, { userId: yes.userId, message: 'Hello by email' });
    await req('POST', '/api/notifications/send-user', admin.cookie, { userId: no.userId, message: 'In the app only' });
    await t.app.notificationDelivery.idle();
    await t.app.notificationDelivery.drain();
    expect(await mailsTo(await emailOf(yes.userId))).toEqual([
      { subject: 'MineVest: A message from the team', text: expect.stringContaining('Hello by email') },
    ]);
    expect(await mailsTo(await emailOf(no.userId))).toEqual([]);

    // A security notice is emailed even when email notifications are off.
    const { notifyUser } = await import('./notify');
    await t.database.db.transaction((tx) =>
      notifyUser(tx, { userId: no.userId, notice: textNotice('New sign-in from Firefox on Linux'), kind: 'security' }),
    );
    await t.app.notificationDelivery.drain();
    expect(await mailsTo(await emailOf(no.userId))).toEqual([
      { subject: 'MineVest security alert', text: expect.stringContaining('New sign-in from Firefox on Linux') },
    ]);
    const rows = await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, no.userId));
    expect(rows.map((r) => [r.channel, r.status])).toEqual([['email', 'sent']]);
  });

  it('words a copy when it is sent, from the stored key and parameters', async () => {
    const u = await person({ emailNotifications: true });
    const { notifyUser } = await import('./notify');
    const id = await notifyUser(t.database.db, {
      userId: u.userId,
      notice: noticeOf('withdrawal.settled', { amount: 12_345n, fee: 345n, currency: 'BTC' }),
      kind: 'withdrawal',
    });
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({
      key: 'withdrawal.settled',
      params: { amount: '12345', fee: '345', currency: 'BTC' },
    });
    await t.app.notificationDelivery.drain();
    expect(await mailsTo(await emailOf(u.userId))).toEqual([
      {
        subject: 'MineVest: Your withdrawal was approved and paid',
        text: expect.stringContaining(
          'Your withdrawal of $123.45 (BTC) was approved and paid: $120.00 after a $3.45 fee.',
        ),
      },
    ]);
  });

  it('links a Telegram chat with a one-time /start code, then sends notices there; another user’s code does nothing', async () => {
    const u = await person({ emailNotifications: false });
    expect((await req('GET', '/api/notifications/telegram', u.cookies)).json()).toMatchObject({
      linked: false,
      botConfigured: false,
      code: null,
    });
    await t.app.settings.update({ telegramBotToken: BOT_TOKEN } as never, admin.userId);
    const state = (await req('GET', '/api/notifications/telegram', u.cookies)).json();
    expect(state).toMatchObject({
      linked: false,
      botConfigured: true,
      botUserName: 'minevest_test_bot',
      code: expect.stringMatching(/^[\w-]{12}$/),
    });
    expect((await req('GET', '/api/notifications/telegram')).statusCode).toBe(401);

    tg.userSends(555, '/start wrong-code-123');
    tg.userSends(777, `/start ${state.code}`);
    expect(
      await pollTelegramUpdates(
        { db: t.database.db, driver: t.database.driver, apiUrl: tg.url, token: async () => BOT_TOKEN },
        new Date(),
      ),
    ).toBe(1);
    expect((await req('GET', '/api/notifications/telegram', u.cookies)).json()).toMatchObject({
      linked: true,
      code: null,
    });
    // The code is spent: sending it again from another chat links nothing.
    tg.userSends(888, `/start ${state.code}`);
    expect(
      await pollTelegramUpdates(
        { db: t.database.db, driver: t.database.driver, apiUrl: tg.url, token: async () => BOT_TOKEN },
        new Date(),
      ),
    ).toBe(0);

    await req('POST', '/api/notifications/send-user', admin.cookie, {
      userId: u.userId,
      message: 'Your plan ends tomorrow',
    });
    await t.app.notificationDelivery.idle();
    await t.app.notificationDelivery.drain();
    expect(tg.sent.filter((m) => m.chatId === '777').map((m) => m.text)).toContain('MineVest: Your plan ends tomorrow');
    expect(tg.sent.some((m) => m.chatId === '888' || m.chatId === '555')).toBe(false);

    expect((await req('DELETE', '/api/notifications/telegram', u.cookies)).statusCode).toBe(200);
    expect((await req('GET', '/api/notifications/telegram', u.cookies)).json().linked).toBe(false);
    await t.app.settings.update({ telegramBotToken: '' } as never, admin.userId);
  });
});

describe('security notices', () => {
  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  const CHROME_NEWER =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0 Safari/537.36';
  const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
  it('a sign-in from a browser and system never used before raises one security notice; the first ever sign-in and a browser update do not', async () => {
    const { insertLoginUser } = await import('../../test/accounts');
    const u = await insertLoginUser(t.database, 'Passw0rd!long', { maxDevices: 10, emailNotifications: false });
    const login = (ua: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { usernameOrEmail: u.userName, password: 'Passw0rd!long' },
        headers: { 'user-agent': ua },
      });
    expect((await login(CHROME)).statusCode).toBe(200);
    expect((await login(CHROME_NEWER)).statusCode).toBe(200);
    expect(await noticesOf(u.id)).toEqual([]);
    expect((await login(FIREFOX)).statusCode).toBe(200);
    expect(await noticesOf(u.id)).toEqual([
      ['security', expect.stringMatching(/^New sign-in to your account from Firefox on Windows \(Desktop\)/)],
    ]);
    expect((await login(FIREFOX)).statusCode).toBe(200);
    expect((await noticesOf(u.id)).length).toBe(1);
    // Always emailed, though this user turned email notifications off.
    const [d] = await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, u.id));
    expect(d).toMatchObject({ channel: 'email' });
  });

  it('a password change leaves a security notice (its email is the change mail itself), and admin turning 2FA off another', async () => {
    const { insertLoginUser } = await import('../../test/accounts');
    const u = await insertLoginUser(t.database, 'Passw0rd!long', { emailNotifications: false, twoFactorEnabled: true });
    const cookies = await session(u.id);
    const res = await req('PUT', `/api/users/${u.id}/password`, cookies, {
      currentPassword: 'Passw0rd!long',
      newPassword: 'N3w-Passw0rd!long',
      confirmPassword: 'N3w-Passw0rd!long',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await noticesOf(u.id)).toEqual([
      ['security', 'Your password was changed. If this was not you, reset your password at once and contact support.'],
    ]);
    expect(
      await t.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, u.id)),
    ).toEqual([]);
    const off = await req('PUT', `/api/users/profile/${u.id}`, admin.cookie, { twoFactorEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await noticesOf(u.id)).map(([k]) => k)).toEqual(['security', 'security']);
    expect((await noticesOf(u.id))[1]![1]).toMatch(/^Two-factor authentication was turned off/);
  });
});
