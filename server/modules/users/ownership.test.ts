import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../test/app';

let t: TestContext;
let a: Awaited<ReturnType<typeof signIn>>;
let b: Awaited<ReturnType<typeof signIn>>;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await signIn(t.database);
  b = await signIn(t.database);
  admin = await signIn(t.database, 'admin');
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST';
/** Every route that names a user id: user A aims each at user B. */
const routes: [
  Method,
  (id: number) => string,
  object | ((id: number) => object) | undefined,
  'staff-ok' | 'owner-only',
][] = [
  ['GET', (id) => `/api/users/profile/${id}`, undefined, 'staff-ok'],
  ['PUT', (id) => `/api/users/profile/${id}`, { firstName: 'Mallory' }, 'staff-ok'],
  [
    'PUT',
    (id) => `/api/users/${id}/password`,
    { currentPassword: 'x', newPassword: 'new password 1', confirmPassword: 'new password 1' },
    'owner-only',
  ],
  ['POST', (id) => `/api/users/setup2fa/${id}`, undefined, 'owner-only'],
  ['POST', (id) => `/api/users/verify2fa-setup/${id}`, { token: '123456' }, 'owner-only'],
  ['POST', (id) => `/api/users/disable2fa/${id}`, { password: 'x' }, 'owner-only'],
  ['POST', (id) => `/api/users/${id}/recovery-codes`, { token: '123456' }, 'owner-only'],
  ['GET', (id) => `/api/users/device-sessions/${id}`, undefined, 'staff-ok'],
  ['GET', (id) => `/api/users/logs/${id}`, undefined, 'staff-ok'],
  ['GET', (id) => `/api/users/${id}/referrals`, undefined, 'staff-ok'],
  ['GET', (id) => `/api/users/${id}/referral-balance`, undefined, 'staff-ok'],
  ['GET', (id) => `/api/investments/user/plans/${id}`, undefined, 'staff-ok'],
  ['GET', (id) => `/api/metrics/user-investment-metrics/${id}`, undefined, 'staff-ok'],
  ['GET', (id) => `/api/metrics/user-investment-returns-chart/${id}`, undefined, 'staff-ok'],
  ['GET', (id) => `/api/metrics/account/${id}`, undefined, 'staff-ok'],
  ['GET', (id) => `/api/metrics/user-transactions/${id}`, undefined, 'staff-ok'],
  ['GET', (id) => `/api/deposits/${id}/user`, undefined, 'staff-ok'],
  ['GET', (id) => `/api/transactions/user/${id}`, undefined, 'staff-ok'],
  ['GET', (id) => `/api/transactions/withdrawals/${id}`, undefined, 'staff-ok'],
  ['PUT', (id) => `/api/users/${id}/payout-details`, { btcWallet: 'bc1qmallory', currentPassword: 'x' }, 'owner-only'],
  ['POST', () => '/api/investments/withdraw', (id) => ({ userId: id, amount: 10, currency: 'BTC' }), 'owner-only'],
  ['GET', (id) => `/api/kyc/user/${id}`, undefined, 'staff-ok'],
  ['POST', (id) => `/api/kyc/user/${id}`, undefined, 'owner-only'],
  ['GET', (id) => `/api/admin/users/${id}/duplicate-signals`, undefined, 'staff-ok'],
];

describe("one user never reaches another user's data", () => {
  it.each(routes)('%s %s', async (method, url, body, kind) => {
    const payload = typeof body === 'function' ? body(b.userId) : body;
    const other = await t.app.inject({
      method,
      url: url(b.userId),
      cookies: a.cookie,
      ...(payload ? { payload } : {}),
    });
    expect([403, 404]).toContain(other.statusCode);
    const anonymous = await t.app.inject({ method, url: url(b.userId), ...(payload ? { payload } : {}) });
    expect(anonymous.statusCode).toBe(401);
    const byAdmin = await t.app.inject({
      method,
      url: url(b.userId),
      cookies: admin.cookie,
      ...(payload ? { payload } : {}),
    });
    if (kind === 'staff-ok') expect(byAdmin.statusCode).toBe(200);
    else expect(byAdmin.statusCode).toBe(403);
  });
});
