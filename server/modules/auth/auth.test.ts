import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceSessions, users } from '../../db/schema';
import { currentTotp } from '../../lib/totp';
import { createTestApp, type TestContext } from '../../test/app';
import { insertLoginUser, sessionCookieOf } from '../../test/accounts';
import { testClock } from '../../test/clock';

let t: TestContext;
const clock = testClock();
const PASSWORD = 'a long enough password';

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

let ip = 0;
/** Each login from its own address, so the per-IP limit does not bite a long test file. */
const login = (usernameOrEmail: string, password = PASSWORD, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: `10.0.${Math.floor(++ip / 250)}.${ip % 250}`,
    payload: { usernameOrEmail, password, ...extra },
    headers: {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    },
  });

describe('POST /api/auth/login', () => {
  it('logs in by user name or email, sets an HttpOnly session cookie and records the device', async () => {
    const u = await insertLoginUser(t.database, PASSWORD);
    for (const name of [u.userName, u.email.toUpperCase()]) {
      const res = await login(name);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Login successful!',
        requires2FA: false,
        user: { id: u.id, userName: u.userName, role: 'user' },
      });
      const cookie = res.cookies.find((c) => c.name === 'LoginToken')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.maxAge).toBeUndefined();
    }
    const sessions = await t.database.db.select().from(deviceSessions).where(eq(deviceSessions.userId, u.id));
    expect(sessions[0]).toMatchObject({ browser: 'Chrome 120', os: 'Linux', device: 'Desktop' });
    expect(sessions[0]!.expiresAt.getTime() - sessions[0]!.createdAt.getTime()).toBe(24 * 3_600_000);
  });

  it('remember me keeps the session for 30 days', async () => {
    const u = await insertLoginUser(t.database, PASSWORD);
    const res = await login(u.userName, PASSWORD, { rememberMe: true });
    expect(res.cookies.find((c) => c.name === 'LoginToken')!.maxAge).toBe(30 * 24 * 3600);
  });

  it('gives one generic answer for an unknown user and a wrong password', async () => {
    const u = await insertLoginUser(t.database, PASSWORD);
    const unknown = await login('nobody-at-all');
    const wrong = await login(u.userName, 'wrong password!');
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
  });

  it.each([[{ usernameOrEmail: '', password: 'x' }], [{ usernameOrEmail: 'x', password: '' }], [{}]])(
    'asks to fill in all fields: %j',
    async (payload) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Please fill in all fields|expected string/);
    },
  );

  it('refuses suspended and deleted users', async () => {
    const s = await insertLoginUser(t.database, PASSWORD, { status: 'suspended' });
    const res = await login(s.userName);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
    const d = await insertLoginUser(t.database, PASSWORD, { deletedAt: new Date() });
    expect((await login(d.userName)).statusCode).toBe(401);
  });

  it('lets an unverified user in with the flag, unless the setting requires verification', async () => {
    const u = await insertLoginUser(t.database, PASSWORD, { isEmailVerified: false });
    const res = await login(u.userName);
    expect(res.statusCode).toBe(200);
    expect(res.json().emailVerificationRequired).toBe(true);
    await t.app.settings.update({ requireVerifiedEmailToLogin: true }, u.id);
    const refused = await login(u.userName);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', emailVerificationRequired: true });
    await t.app.settings.update({ requireVerifiedEmailToLogin: false }, u.id);
  });
});

describe('sessions', () => {
  it('verify-auth-token names the session; logout ends it', async () => {
    const u = await insertLoginUser(t.database, PASSWORD, { role: 'moderator' });
    const token = sessionCookieOf(await login(u.userName))!;
    const who = await t.app.inject({ method: 'GET', url: '/api/verify-auth-token', cookies: { LoginToken: token } });
    expect(who.json().token).toMatchObject({ id: u.id, role: 'moderator' });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { LoginToken: token } });
    expect(out.json().message).toBe('Logout successful!');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/verify-auth-token', cookies: { LoginToken: token } })).statusCode,
    ).toBe(401);
  });

  it('at the device limit answers 429 with the sessions and a challenge that can disconnect one', async () => {
    const u = await insertLoginUser(t.database, PASSWORD);
    const first = sessionCookieOf(await login(u.userName))!;
    await login(u.userName);
    const third = await login(u.userName);
    expect(third.statusCode).toBe(429);
    const body = third.json();
    expect(body).toMatchObject({
      code: 'DEVICE_LIMIT_REACHED',
      error: 'Device limit reached',
      loginChallenge: expect.any(String),
    });
    expect(body.sessions).toHaveLength(2);

    // A user name alone disconnects nobody.
    const noProof = await t.app.inject({
      method: 'POST',
      url: '/api/users/disconnect-all-devices',
      payload: { usernameOrEmail: u.userName },
    });
    expect(noProof.statusCode).toBe(401);
    const badProof = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/device-sessions/${body.sessions[0].id}`,
      payload: { loginChallenge: 'forged' },
    });
    expect(badProof.statusCode).toBe(401);
    const other = await insertLoginUser(t.database, PASSWORD);
    const otherToken = sessionCookieOf(await login(other.userName))!;
    const [otherSession] = await t.database.db.select().from(deviceSessions).where(eq(deviceSessions.userId, other.id));
    const wrongUser = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/device-sessions/${otherSession!.id}`,
      payload: { loginChallenge: body.loginChallenge },
    });
    expect(wrongUser.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/verify-auth-token', cookies: { LoginToken: otherToken } }))
        .statusCode,
    ).toBe(200);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/device-sessions/${body.sessions[0].id}`,
      payload: { loginChallenge: body.loginChallenge },
    });
    expect(del.json().message).toBe('Device disconnected successfully');
    expect((await login(u.userName)).statusCode).toBe(200);
    expect(first).toBeDefined();
  });

  it('concurrent logins never take more device slots than allowed', async () => {
    const u = await insertLoginUser(t.database, PASSWORD);
    const results = await Promise.all(Array.from({ length: 6 }, () => login(u.userName)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    expect(await t.database.db.select().from(deviceSessions).where(eq(deviceSessions.userId, u.id))).toHaveLength(2);
  });

  it("a user cannot disconnect their current device, nor see or end another user's sessions", async () => {
    const a = await insertLoginUser(t.database, PASSWORD);
    const b = await insertLoginUser(t.database, PASSWORD);
    const ta = sessionCookieOf(await login(a.userName))!;
    await login(b.userName);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/users/device-sessions/${a.id}`,
      cookies: { LoginToken: ta },
    });
    expect(mine.json().data).toHaveLength(1);
    expect(mine.json().data[0].current).toBe(true);
    const self = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/device-sessions/${mine.json().data[0].id}`,
      cookies: { LoginToken: ta },
      payload: {},
    });
    expect(self.statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/device-sessions/${b.id}`, cookies: { LoginToken: ta } }))
        .statusCode,
    ).toBe(403);
    const [bs] = await t.database.db.select().from(deviceSessions).where(eq(deviceSessions.userId, b.id));
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/users/device-sessions/${bs!.id}`,
          cookies: { LoginToken: ta },
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/device-sessions', cookies: { LoginToken: ta } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('two-factor login', () => {
  it('sets up with a QR code, then needs a code; a used code and a wrong code are refused; recovery codes work once', async () => {
    const u = await insertLoginUser(t.database, PASSWORD);
    const token = sessionCookieOf(await login(u.userName))!;
    const setup = await t.app.inject({
      method: 'POST',
      url: `/api/users/setup2fa/${u.id}`,
      cookies: { LoginToken: token },
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.json().qrCode).toMatch(/^data:image\/png;base64,/);
    const secret: string = setup.json().secret;
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(stored!.twoFactorSecret).not.toContain(secret);

    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/users/verify2fa-setup/${u.id}`,
      cookies: { LoginToken: token },
      payload: { token: '000000' },
    });
    expect(bad.statusCode).toBe(400);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/users/verify2fa-setup/${u.id}`,
      cookies: { LoginToken: token },
      payload: { token: currentTotp(secret, clock.now().getTime()) },
    });
    expect(done.statusCode).toBe(200);
    const recovery: string[] = done.json().recoveryCodes;
    expect(recovery).toHaveLength(10);

    clock.advance(31_000);
    const first = await login(u.userName);
    expect(first.json()).toMatchObject({ requires2FA: true, tempToken: expect.any(String) });
    expect(sessionCookieOf(first)).toBeUndefined();
    const verify = (tempToken: string, code: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/verify2fa', payload: { token: code, tempToken } });
    const wrong = await verify(first.json().tempToken, '123456');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid OTP code. Please try again.');
    const code = currentTotp(secret, clock.now().getTime());
    const ok = await verify(first.json().tempToken, code);
    expect(ok.statusCode).toBe(200);
    expect(sessionCookieOf(ok)).toBeDefined();

    // The same code again, on a fresh password step, is a replay.
    const again = await login(u.userName);
    const replay = await verify(again.json().tempToken, code);
    expect(replay.statusCode).toBe(401);
    // ...and says so, where a wrong code says it is wrong.
    expect(replay.json().message).toMatch(/already been used/);
    // A recovery code works in its place, once.
    await t.database.db.delete(deviceSessions).where(eq(deviceSessions.userId, u.id));
    expect((await verify(again.json().tempToken, recovery[0]!)).statusCode).toBe(200);
    const third = await login(u.userName);
    const spent = await verify(third.json().tempToken, recovery[0]!);
    expect(spent.statusCode).toBe(401);
    expect(spent.json().message).toMatch(/already been used/);
    expect((await verify(third.json().tempToken, 'zzzzz-zzzzz')).json().message).toBe(
      'Invalid OTP code. Please try again.',
    );

    // The temp token expires after five minutes.
    clock.advance(5 * 60_000 + 1000);
    const late = await verify(third.json().tempToken, currentTotp(secret, clock.now().getTime()));
    expect(late.statusCode).toBe(408);
    expect(late.json().message).toBe('OTP code has expired. Please login again.');
  });

  it('only the owner can set up 2FA; disabling needs the password or a code', async () => {
    const a = await insertLoginUser(t.database, PASSWORD);
    const b = await insertLoginUser(t.database, PASSWORD, { role: 'admin' });
    const ta = sessionCookieOf(await login(a.userName))!;
    const tb = sessionCookieOf(await login(b.userName))!;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/users/setup2fa/${a.id}`, cookies: { LoginToken: tb } }))
        .statusCode,
    ).toBe(403);
    const secret = (
      await t.app.inject({ method: 'POST', url: `/api/users/setup2fa/${a.id}`, cookies: { LoginToken: ta } })
    ).json().secret;
    clock.advance(31_000);
    await t.app.inject({
      method: 'POST',
      url: `/api/users/verify2fa-setup/${a.id}`,
      cookies: { LoginToken: ta },
      payload: { token: currentTotp(secret, clock.now().getTime()) },
    });
    const wrongPw = await t.app.inject({
      method: 'POST',
      url: `/api/users/disable2fa/${a.id}`,
      cookies: { LoginToken: ta },
      payload: { password: 'nope nope nope' },
    });
    expect(wrongPw.statusCode).toBe(400);
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/users/disable2fa/${a.id}`,
      cookies: { LoginToken: ta },
      payload: { password: PASSWORD },
    });
    expect(off.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
    expect(row!.securityHoldUntil!.getTime()).toBeGreaterThan(clock.now().getTime());
  });
});
