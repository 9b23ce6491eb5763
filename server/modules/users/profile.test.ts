import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../test/rows';
import { deviceSessions, users } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/app';
import { insertLoginUser, sessionCookieOf } from '../../test/accounts';
import { testClock } from '../../test/clock';
import { linkIn, startSmtpSink } from '../../test/smtp';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const clock = testClock();
const PASSWORD = 'a long enough password';

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, publicUrl: 'http://site.test' });
  smtp = await startSmtpSink();
  await t.app.settings.update(
    { smtpHost: '127.0.0.1', smtpPort: smtp.port, fromEmail: 'no-reply@site.test' },
    (await insertLoginUser(t.database, PASSWORD, { role: 'admin' })).id,
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ip = 0;
const login = async (name: string, password = PASSWORD) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: `10.1.0.${++ip}`,
    payload: { usernameOrEmail: name, password },
  });
  return sessionCookieOf(res);
};
const as = (token: string) => ({ LoginToken: token });

describe('profile', () => {
  it('a user reads and edits their own profile; another user gets 403; an admin may do both', async () => {
    const a = await insertLoginUser(t.database, PASSWORD);
    const b = await insertLoginUser(t.database, PASSWORD);
    const admin = await insertLoginUser(t.database, PASSWORD, { role: 'admin' });
    const ta = (await login(a.userName))!;
    const tb = (await login(b.userName))!;
    const tadmin = (await login(admin.userName))!;

    const own = await t.app.inject({ method: 'GET', url: `/api/users/profile/${a.id}`, cookies: as(ta) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: a.id, userName: a.userName, Account: { BTC_Wallet_Address: '' } });
    expect(own.body).not.toContain('passwordHash');
    expect(own.body).not.toContain('argon2');

    expect((await t.app.inject({ method: 'GET', url: `/api/users/profile/${a.id}`, cookies: as(tb) })).statusCode).toBe(
      403,
    );
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/users/profile/${a.id}`,
          cookies: as(tb),
          payload: { firstName: 'Mallory' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/profile/${a.id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/profile/999999', cookies: as(tadmin) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile/abc', cookies: as(tadmin) })).statusCode).toBe(
      400,
    );

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${a.id}`,
      cookies: as(ta),
      payload: { firstName: 'Grace', city: 'Arlington', hasCompletedOnboarding: true },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      message: 'Profile updated successfully',
      user: { firstName: 'Grace', city: 'Arlington', hasCompletedOnboarding: true },
    });

    const byAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${a.id}`,
      cookies: as(tadmin),
      payload: { role: 'moderator', maxDevices: 3 },
    });
    expect(byAdmin.json().user).toMatchObject({ role: 'moderator', maxDevices: 3 });
  });

  it('refuses admin-only fields from a non-admin and leaves the row unchanged', async () => {
    const a = await insertLoginUser(t.database, PASSWORD);
    const ta = (await login(a.userName))!;
    for (const patch of [
      { role: 'admin' },
      { status: 'active' },
      { isEmailVerified: true },
      { maxDevices: 10 },
      { twoFactorEnabled: false },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/profile/${a.id}`,
        cookies: as(ta),
        payload: patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(403);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ role: 'user', maxDevices: 2 });
  });

  it('an admin cannot suspend or demote themself; suspending someone ends their sessions', async () => {
    const admin = await insertLoginUser(t.database, PASSWORD, { role: 'admin' });
    const tadmin = (await login(admin.userName))!;
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/users/profile/${admin.id}`,
          cookies: as(tadmin),
          payload: { role: 'user' },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/users/profile/${admin.id}`,
          cookies: as(tadmin),
          payload: { status: 'suspended' },
        })
      ).statusCode,
    ).toBe(422);
    const victim = await insertLoginUser(t.database, PASSWORD);
    const tv = (await login(victim.userName))!;
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${victim.id}`,
      cookies: as(tadmin),
      payload: { status: 'suspended' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/verify-auth-token', cookies: as(tv) })).statusCode).toBe(
      401,
    );
  });

  it('an email change needs re-verification and starts the security hold', async () => {
    const a = await insertLoginUser(t.database, PASSWORD);
    const ta = (await login(a.userName))!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${a.id}`,
      cookies: as(ta),
      payload: { email: `new-${a.email}` },
    });
    expect(res.json().user).toMatchObject({
      isEmailVerified: false,
      securityHoldUntil: new Date(clock.now().getTime() + 24 * 3_600_000).toISOString(),
    });
  });
});

describe('passwords', () => {
  it('change needs the current password, keeps this device and ends the others', async () => {
    const a = await insertLoginUser(t.database, PASSWORD);
    const here = (await login(a.userName))!;
    const there = (await login(a.userName))!;
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${a.id}/password`,
      cookies: as(here),
      payload: {
        currentPassword: 'not it at all',
        newPassword: 'brand new password',
        confirmPassword: 'brand new password',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${a.id}/password`,
      cookies: as(here),
      payload: { currentPassword: PASSWORD, newPassword: 'brand new password', confirmPassword: 'other' },
    });
    expect(mismatch.json().message).toBe('Passwords do not match');
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${a.id}/password`,
      cookies: as(here),
      payload: { currentPassword: PASSWORD, newPassword: 'brand new password', confirmPassword: 'brand new password' },
    });
    expect(ok.json().message).toBe('Password updated successfully');
    expect((await t.app.inject({ method: 'GET', url: '/api/verify-auth-token', cookies: as(here) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/verify-auth-token', cookies: as(there) })).statusCode).toBe(
      401,
    );
    await smtp.waitFor((m) => m.to.includes(a.email) && m.raw.includes('Security notice'));
    expect(await login(a.userName, 'brand new password')).toBeDefined();
  });

  it('reset: the same answer for any name; the mailed link works once, within an hour, and signs out everywhere', async () => {
    const a = await insertLoginUser(t.database, PASSWORD);
    const old = (await login(a.userName))!;
    const ask = (userName: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-reset',
        remoteAddress: `10.2.0.${++ip}`,
        payload: { userName },
      });
    const known = await ask(a.userName);
    const unknown = await ask('no-such-user');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: 'Reset link sent to your email' });
    expect(unknown.json()).toEqual(known.json());

    const mail = await smtp.waitFor((m) => m.to.includes(a.email) && m.raw.includes('/reset-password/'));
    const token = linkIn(mail.raw, '/reset-password/').split('/').pop()!;
    const reset = (tok: string, pw: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/auth/reset-password/${tok}`,
        payload: { newPassword: pw, confirmPassword: pw },
      });
    expect((await reset(token, 'short')).statusCode).toBe(400);
    const ok = await reset(token, 'reset password value');
    expect(ok.json().message).toBe('Password reset successful');
    expect((await reset(token, 'another password value')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/verify-auth-token', cookies: as(old) })).statusCode).toBe(
      401,
    );
    expect(await login(a.userName, 'reset password value')).toBeDefined();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row!.securityHoldUntil!.getTime()).toBe(clock.now().getTime() + 24 * 3_600_000);

    await ask(a.userName);
    const second = await smtp.waitFor(
      (m) => m.to.includes(a.email) && m.raw.includes('/reset-password/') && !m.raw.includes(token),
    );
    const late = linkIn(second.raw, '/reset-password/').split('/').pop()!;
    clock.advance(3_600_000 + 1000);
    expect((await reset(late, 'too late password')).json().message).toBe('This reset link is invalid or has expired.');
  });
});

describe('secrets at rest', () => {
  it('a dump of every table holds no password, token, TOTP secret or recovery code in clear', async () => {
    const a = await insertLoginUser(t.database, PASSWORD);
    const ta = (await login(a.userName))!;
    const setup = await t.app.inject({ method: 'POST', url: `/api/users/setup2fa/${a.id}`, cookies: as(ta) });
    const secret: string = setup.json().secret;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-reset',
      remoteAddress: '10.3.0.1',
      payload: { userName: a.userName },
    });
    const mail = await smtp.waitFor((m) => m.to.includes(a.email) && m.raw.includes('/reset-password/'));
    const resetToken = linkIn(mail.raw, '/reset-password/').split('/').pop()!;

    const tables = await queryRows<{ name: string }>(
      t.database.db,
      sql`select tablename as name from pg_tables where schemaname = 'public'`,
    );
    let dump = '';
    for (const { name } of tables) {
      const rows = await queryRows<{ j: string }>(
        t.database.db,
        sql.raw(`select row_to_json(x)::text as j from "${name}" x`),
      );
      dump += rows.map((r) => r.j).join('\n');
    }
    expect(dump.length).toBeGreaterThan(1000);
    for (const needle of [PASSWORD, ta, secret, resetToken, 'hunter']) expect(dump).not.toContain(needle);
    const [session] = await t.database.db.select().from(deviceSessions).where(eq(deviceSessions.userId, a.id));
    expect(session!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
