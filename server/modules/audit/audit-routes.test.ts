import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { recordAudit } from './service';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let moderator: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  moderator = await signIn(t.database, 'moderator');
  const a = { userId: admin.userId, userName: 'boss', role: 'admin', ip: '10.0.0.1' };
  const m = { userId: moderator.userId, userName: 'mod', role: 'moderator', ip: '10.0.0.2' };
  const entries = [
    [a, 'deposit.approve', 'deposit', 1],
    [a, 'deposit.reject', 'deposit', 2],
    [a, 'plan.update', 'plan', 3],
    [m, 'notification.send', 'user', 4],
    [a, 'deposits.bulk', 'deposit', 5],
  ] as const;
  // Recorded one after another, so newest first is 5, 4, 3, 2, 1.
  for (const [actor, action, targetType, targetId] of entries) {
    await recordAudit(t.database.db, actor, {
      action,
      targetType,
      targetId,
      before: { status: 'pending' },
      after: { status: 'settled' },
    });
  }
});
afterAll(() => t.close());

const get = (query: string, cookies: Record<string, string> = admin.cookie) =>
  t.app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, cookies });

describe('GET /api/admin/audit-log', () => {
  it('pages newest first for staff', async () => {
    const res = await get('?page=1&limit=2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currentPage: 1, totalPages: 3, totalItems: 5 });
    expect(res.json().data.map((r: { targetId: string }) => r.targetId)).toEqual(['5', '4']);
    expect(res.json().data[0]).toMatchObject({
      actorId: admin.userId,
      actorUserName: 'boss',
      actorRole: 'admin',
      action: 'deposits.bulk',
      targetType: 'deposit',
      before: { status: 'pending' },
      after: { status: 'settled' },
      ip: '10.0.0.1',
    });
    expect((await get('?page=3&limit=2')).json().data.map((r: { targetId: string }) => r.targetId)).toEqual(['1']);
    expect((await get('', moderator.cookie)).statusCode).toBe(200);
  });

  it.each([
    ['?action=deposit', ['2', '1']],
    ['?action=deposit.reject', ['2']],
    ['?action=plan', ['3']],
    [`?targetType=deposit`, ['5', '2', '1']],
    ['?targetType=deposit&targetId=2', ['2']],
    ['?action=nothing.here', []],
  ])('filters %s', async (query, expected) => {
    const res = await get(query);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { targetId: string }) => r.targetId)).toEqual(expected);
  });

  it('filters by actor', async () => {
    expect((await get(`?actorId=${moderator.userId}`)).json().data.map((r: { action: string }) => r.action)).toEqual([
      'notification.send',
    ]);
  });

  it('filters by the actor’s user name: any part of it, any case, wildcards taken literally', async () => {
    const targets = async (query: string) =>
      (await get(query)).json().data.map((r: { targetId: string }) => r.targetId);
    expect(await targets('?actor=mod')).toEqual(['4']);
    expect(await targets('?actor=BO')).toEqual(['5', '3', '2', '1']);
    expect(await targets('?actor=%25')).toEqual([]);
    expect(await targets('?actor=_')).toEqual([]);
    expect(await targets('?actor=nobody')).toEqual([]);
  });

  it('filters by date range (a date-only end covers the whole day)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`?from=${today}&to=${today}`)).json().totalItems).toBe(5);
    expect((await get('?from=2000-01-01&to=2000-01-02')).json().totalItems).toBe(0);
    expect((await get(`?from=${new Date(Date.now() + 3_600_000).toISOString()}`)).json().totalItems).toBe(0);
  });

  it.each([
    ['?actorId=abc', 400],
    ['?actorId=0', 400],
    ['?from=yesterday', 400],
    ['?to=2026-13-45', 400],
    ['?action=DROP%20TABLE', 400],
    ['?limit=0', 400],
  ])('refuses %s with %i', async (query, status) => {
    const res = await get(query);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('refuses a start after the end with a clear message', async () => {
    const res = await get('?from=2026-02-02&to=2026-02-01');
    expect([res.statusCode, res.json().message]).toEqual([400, 'The start date must be before the end date']);
  });

  it('refuses users (403) and anonymous callers (401)', async () => {
    const user = await signIn(t.database, 'user');
    const res = await get('', user.cookie);
    expect([res.statusCode, res.json().message]).toEqual([403, 'Unauthorized: Admin access required']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
  });
});
