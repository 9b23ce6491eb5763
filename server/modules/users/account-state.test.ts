import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountMsg, accountState } from '../../../contract/users';
import { users } from '../../db/schema';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { sessionCookieOf } from '../../test/accounts';
import { moneyRefusal } from './money-gate';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';

describe('one account state: suspended by an admin, else waiting for its email, else active', () => {
  it('a newcomer is active with an unconfirmed email; money waits for the email; an admin confirming it is enough', async () => {
    const admin = await signIn(t.database, 'admin');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        userName: 'stateada',
        email: 'stateada@example.test',
        phone: '+44 20 7946 0000',
        dateOfBirth: '1990-12-10',
        country: 'gb',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        agreement: true,
      },
    });
    const id: number = reg.json().user.id;
    const profile = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/users/profile/${id}`, cookies: admin.cookie })).json();
    expect(await profile()).toMatchObject({ status: 'active', isEmailVerified: false });
    expect(accountState(await profile())).toBe('unverified');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { usernameOrEmail: 'stateada', password: PASSWORD },
    });
    expect(login.json()).toMatchObject({ emailVerificationRequired: true });
    const cookies = { LoginToken: sessionCookieOf(login)! };
    const deposit = () =>
      t.app.inject({ method: 'POST', url: '/api/deposits/new', cookies, payload: { amount: 50, currency: 'BTC' } });
    const refused = await deposit();
    // The words say what the user tried and what to do, not "investing" for a deposit.
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { code: 'EMAIL_NOT_VERIFIED', message: AccountMsg.confirmEmailTo('deposit') },
    ]);
    expect(AccountMsg.confirmEmailTo('deposit')).toMatch(/before depositing/);

    // The admin ticks "Email confirmed" alone: nothing else stands between the user and a deposit.
    const tick = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${id}`,
      cookies: admin.cookie,
      payload: { isEmailVerified: true },
    });
    expect(tick.statusCode).toBe(200);
    expect(accountState(await profile())).toBe('active');
    expect((await deposit()).statusCode).toBe(201);
  });

  it('the old "inactive" is no status any more', async () => {
    const admin = await signIn(t.database, 'admin');
    const u = await signIn(t.database);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${u.userId}`,
      cookies: admin.cookie,
      payload: { status: 'inactive' },
    });
    expect(res.statusCode).toBe(400);
    expect((await t.database.db.select().from(users).where(eq(users.id, u.userId)))[0]!.status).toBe('active');
  });

  it('a suspension comes first, whatever the email', () => {
    const settings = { maintenanceMode: false } as Parameters<typeof moneyRefusal>[0];
    const now = new Date();
    expect(moneyRefusal(settings, { status: 'suspended', isEmailVerified: false }, 'invest', now)).toEqual({
      code: 'ACCOUNT_NOT_ACTIVE',
      message: AccountMsg.suspended,
    });
    expect(moneyRefusal(settings, { status: 'active', isEmailVerified: false }, 'withdraw', now)).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: AccountMsg.confirmEmailTo('withdraw'),
    });
    expect(accountState({ status: 'suspended', isEmailVerified: true })).toBe('suspended');
  });
});
