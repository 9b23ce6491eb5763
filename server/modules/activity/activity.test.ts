import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { insertLoginUser } from '../../test/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('activity logs', () => {
  it('records page visits with the parsed device; users read their own, staff read all', async () => {
    const a = await signIn(t.database);
    const b = await signIn(t.database);
    const admin = await signIn(t.database, 'admin');
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/activity/logs',
      cookies: a.cookie,
      headers: { 'user-agent': ua },
      payload: { action: 'Visited dashboard', path: '/app/a/dashboard' },
    });
    expect(post.statusCode).toBe(201);
    const mine = await t.app.inject({ method: 'GET', url: `/api/users/logs/${a.userId}?limit=5`, cookies: a.cookie });
    expect(mine.json()).toMatchObject({ currentPage: 1, totalItems: 1, totalPages: 1 });
    expect(mine.json().data[0]).toMatchObject({
      action: 'Visited dashboard',
      deviceInfo: { path: '/app/a/dashboard', os: 'iOS 17.0', device: 'Mobile', browser: 'Mobile Safari 17' },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/logs/${a.userId}`, cookies: b.cookie })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/activity/logs', cookies: b.cookie })).statusCode).toBe(403);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/activity/logs?page=0&limit=1000',
      cookies: admin.cookie,
    });
    expect(all.json()).toMatchObject({ currentPage: 1, totalItems: 1 });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/activity/logs', payload: { action: 'x' } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/activity/logs', cookies: a.cookie, payload: { action: '' } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('rate limits', () => {
  it('limit guesses per account from one address, without locking the owner out', async () => {
    const u = await insertLoginUser(t.database, 'the right password');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.0.1',
        payload: { usernameOrEmail: u.userName, password: 'wrong guess ' + i },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array<number>(10).fill(401), 429]);
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.0.2',
      payload: { usernameOrEmail: u.userName, password: 'the right password' },
    });
    expect(owner.statusCode).toBe(200);
  });

  it('limit requests per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      codes.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: '10.8.0.1',
            payload: { usernameOrEmail: `nobody${i}`, password: 'x' },
          })
        ).statusCode,
      );
    }
    expect(codes[20]).toBe(429);
  });
});
