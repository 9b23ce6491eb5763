import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceSessions } from '../../db/schema';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { insertLoginUser, sessionCookieOf } from '../../test/accounts';
import { createSession } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('disconnecting one device', () => {
  it('takes a DELETE without a body, as the browser sends it', async () => {
    const me = await signIn(t.database);
    const other = await createSession(t.database.db, { userId: me.userId, ttlMs: 3_600_000, now: new Date() });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/device-sessions/${other.sessionId}`,
      cookies: me.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(deviceSessions).where(eq(deviceSessions.id, other.sessionId))).toEqual([]);
  });
});

describe('what a device list tells apart', () => {
  it('records the browser and version, system, address and when, and a disconnect as a security event', async () => {
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const login = await insertLoginUserAndLogin(firefox);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/users/device-sessions/${login.userId}`,
      cookies: login.cookies,
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        deviceInfo: { browser: 'Firefox 128', os: 'Windows 10', device: 'Desktop' },
        ip: '10.20.30.40',
        current: true,
        createdAt: expect.any(String),
        lastActive: expect.any(String),
      }),
    ]);
    const other = await createSession(t.database.db, {
      userId: login.userId,
      ttlMs: 3_600_000,
      now: new Date(),
      browser: 'Chrome 139',
      os: 'Android 14',
      ip: '10.1.1.1',
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/users/device-sessions/${other.sessionId}`,
      cookies: login.cookies,
    });
    const security = await t.app.inject({
      method: 'GET',
      url: `/api/users/logs/${login.userId}?kind=security`,
      cookies: login.cookies,
    });
    expect(security.json().data.map((r: { action: string }) => r.action)).toEqual([
      'Disconnected Chrome 139 on Android 14 (10.1.1.1)',
      'Logged in',
    ]);
  });
});

async function insertLoginUserAndLogin(userAgent: string) {
  const password = 'a long enough password';
  const u = await insertLoginUser(t.database, password);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: '10.20.30.40',
    headers: { 'user-agent': userAgent },
    payload: { usernameOrEmail: u.userName, password },
  });
  return { userId: u.id, cookies: { LoginToken: sessionCookieOf(res)! } };
}
