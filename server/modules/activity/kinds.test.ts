import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { insertLoginUser, sessionCookieOf } from '../../test/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'a long enough password';

describe('activity kinds', () => {
  it('keeps sign-ins and security changes apart from page views, and filters by kind', async () => {
    const u = await insertLoginUser(t.database, PASSWORD);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { usernameOrEmail: u.userName, password: PASSWORD },
    });
    const cookies = { LoginToken: sessionCookieOf(login)! };
    for (const page of ['dashboard', 'account', 'investments'])
      await t.app.inject({
        method: 'POST',
        url: '/api/activity/logs',
        cookies,
        payload: { action: `Visited ${page}`, path: `/app/${u.userName}/${page}` },
      });
    // A browser's report is a page view whatever it says, so it cannot pose as a sign-in.
    await t.app.inject({ method: 'POST', url: '/api/activity/logs', cookies, payload: { action: 'Logged in' } });
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${u.id}`,
      cookies,
      payload: { city: 'Amsterdam' },
    });

    const list = async (kind?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/logs/${u.id}?limit=50${kind ? `&kind=${kind}` : ''}`,
        cookies,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { action: string; kind: string }[]).map((r) => [r.kind, r.action]);
    };
    expect(await list('security')).toEqual([
      ['security', 'Updated profile'],
      ['security', 'Logged in'],
    ]);
    expect(await list('page_view')).toEqual([
      ['page_view', 'Logged in'],
      ['page_view', 'Visited investments'],
      ['page_view', 'Visited account'],
      ['page_view', 'Visited dashboard'],
    ]);
    expect(await list('events')).toEqual(await list('security'));
    expect(await list()).toHaveLength(6);

    const bad = await t.app.inject({ method: 'GET', url: `/api/users/logs/${u.id}?kind=nope`, cookies });
    expect(bad.statusCode).toBe(400);
    const staff = await signIn(t.database, 'admin');
    const all = await t.app.inject({ method: 'GET', url: '/api/activity/logs?kind=security', cookies: staff.cookie });
    expect((all.json().data as { kind: string }[]).every((r) => r.kind === 'security')).toBe(true);
  });
});
