import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/app';
import { sessionCookieOf } from '../../test/accounts';
import { ensureAdmin } from './seed-admin';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('first-start admin', () => {
  it('creates one active, verified admin with a generated password that must be changed first', async () => {
    const first = await ensureAdmin(t.database.db, {
      userName: 'admin',
      email: 'admin@localhost',
      password: undefined,
    });
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(
      (await ensureAdmin(t.database.db, { userName: 'admin', email: 'admin@localhost', password: undefined })).created,
    ).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
    expect(row).toMatchObject({ role: 'admin', status: 'active', isEmailVerified: true, mustChangePassword: true });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { usernameOrEmail: 'admin', password: first.generatedPassword },
    });
    expect(res.json().mustChangePassword).toBe(true);
    const cookies = { LoginToken: sessionCookieOf(res)! };
    const blocked = await t.app.inject({
      method: 'PUT',
      url: '/api/utils/site-settings',
      cookies,
      payload: { siteName: 'X' },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await t.app.inject({ method: 'GET', url: '/api/utils/site-settings', cookies })).statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${row!.id}/password`,
      cookies,
      payload: {
        currentPassword: first.generatedPassword,
        newPassword: 'my own admin password',
        confirmPassword: 'my own admin password',
      },
    });
    expect(change.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/utils/site-settings', cookies, payload: { siteName: 'X' } }))
        .statusCode,
    ).toBe(200);
  });
});
