import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { deviceSessions, users } from '../../db/schema';
import { TEST_APP_SECRET, insertUser } from '../../test/app';
import { testClock } from '../../test/clock';
import { createSharedTestDatabase } from '../../test/db';
import { SessionCache } from './cache';
import { createSession, findSessionCached } from './service';
import { hashToken } from './tokens';

let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
let database: Database;
const apps: App[] = [];
const clock = testClock(new Date('2026-03-01T09:00:00Z'));

/** An instance of the app on the shared database; `deaf`: it never hears 'session_changed'. */
async function instance(opts: { deaf?: boolean; sessionCache?: boolean } = {}): Promise<App> {
  const own = await shared.open();
  const deaf: Database['listen'] = async (_channel, on) => {
    on.live(true);
    return async () => on.live(false);
  };
  const app = await buildApp({
    database: opts.deaf ? { ...own, listen: deaf } : own,
    appSecret: TEST_APP_SECRET,
    now: clock.now,
    checkErrorCodes: true,
    sessionCache: opts.sessionCache,
  });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  shared = await createSharedTestDatabase();
  database = await shared.open();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await shared.close();
});

const whoAmI = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/verify-auth-token', headers: { authorization: `Bearer ${token}` } });
const suspendByHand = (userId: number) =>
  database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, userId));
async function session(role: 'user' | 'admin' = 'user') {
  const userId = await insertUser(database, { role });
  const { token } = await createSession(database.db, { userId, ttlMs: 3_600_000, now: clock.now() });
  return { userId, token };
}

describe('the verified-session cache', () => {
  it('answers a read from the cache, and a write always from the database', async () => {
    const deaf = await instance({ deaf: true });
    const { userId, token } = await session();
    expect((await whoAmI(deaf, token)).statusCode).toBe(200);
    // Suspended by hand, and this instance does not hear of it: its reads go on from the cache...
    await suspendByHand(userId);
    expect((await whoAmI(deaf, token)).statusCode).toBe(200);
    // ...but a write asks the database, and is refused.
    const write = await deaf.inject({
      method: 'PUT',
      url: '/api/notifications/1/read',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(write.statusCode).toBe(401);
  });

  it('with SESSION_CACHE=off, looks every read up', async () => {
    const app = await instance({ deaf: true, sessionCache: false });
    const { userId, token } = await session();
    expect((await whoAmI(app, token)).statusCode).toBe(200);
    await suspendByHand(userId);
    expect((await whoAmI(app, token)).statusCode).toBe(401);
    expect(app.sessionCache.live).toBe(false);
  });

  it("ends a session for this instance's next read when this instance logs it out or suspends it", async () => {
    const app = await instance({ deaf: true });
    const out = await session();
    expect((await whoAmI(app, out.token)).statusCode).toBe(200);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${out.token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await whoAmI(app, out.token)).statusCode).toBe(401);

    const admin = await session('admin');
    const investor = await session();
    expect((await whoAmI(app, investor.token)).statusCode).toBe(200);
    const suspend = await app.inject({
      method: 'PUT',
      url: `/api/users/${investor.userId}/status`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { status: 'suspended' },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect((await whoAmI(app, investor.token)).statusCode).toBe(401);
  });

  it('hears a change made elsewhere (another instance, or by hand) through the database', async () => {
    const app = await instance();
    const other = await instance();
    const { userId, token } = await session();
    expect((await whoAmI(app, token)).statusCode).toBe(200);
    const heard = app.sessionCache.nextClear();
    await suspendByHand(userId);
    await heard;
    expect((await whoAmI(app, token)).statusCode).toBe(401);

    const second = await session();
    expect((await whoAmI(app, second.token)).statusCode).toBe(200);
    const heardLogout = app.sessionCache.nextClear();
    expect(
      (
        await other.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { authorization: `Bearer ${second.token}` },
        })
      ).statusCode,
    ).toBe(200);
    await heardLogout;
    expect((await whoAmI(app, second.token)).statusCode).toBe(401);
  });

  it('refreshes last-active from a cached session, and finds a session deleted meanwhile gone', async () => {
    const deaf = await instance({ deaf: true });
    const { token } = await session();
    const lastActive = async () =>
      (
        await database.db
          .select()
          .from(deviceSessions)
          .where(eq(deviceSessions.tokenHash, hashToken(token)))
      )[0]?.lastActiveAt;
    expect((await whoAmI(deaf, token)).statusCode).toBe(200);
    clock.advance(61_000);
    expect((await whoAmI(deaf, token)).statusCode).toBe(200);
    expect((await lastActive())?.getTime()).toBe(clock.now().getTime());

    await database.db.delete(deviceSessions).where(eq(deviceSessions.tokenHash, hashToken(token)));
    clock.advance(61_000);
    expect((await whoAmI(deaf, token)).statusCode).toBe(401);
  });

  it('keeps nothing past the session expiry, and keeps a copy per caller', async () => {
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.setLive(true);
    const userId = await insertUser(database);
    const { token } = await createSession(database.db, { userId, ttlMs: 10_000, now: clock.now() });
    const first = await findSessionCached(database.db, cache, token, clock.now());
    first!.secondFactorMissing = true;
    const second = await findSessionCached(database.db, cache, token, clock.now());
    expect(second).toMatchObject({ userId });
    expect(second!.secondFactorMissing).toBeUndefined();
    clock.advance(10_000);
    expect(await findSessionCached(database.db, cache, token, clock.now())).toBeNull();
  });
});

describe('SessionCache', () => {
  const entry = (now: number) => ({
    auth: {
      userId: 1,
      userName: 'a',
      role: 'user' as const,
      sessionId: 1,
      deviceId: 'd',
      mustChangePassword: false,
      locale: null,
    },
    expiresAt: now + 3_600_000,
    lastActiveAt: now,
    cachedAt: now,
  });

  it('does not keep a lookup that ran across a clear (it may have read the row before the change)', () => {
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.setLive(true);
    const mark = cache.mark();
    cache.clear();
    cache.set('h', entry(0), mark);
    expect(cache.get('h', 1)).toBeUndefined();
    cache.set('h', entry(0), cache.mark());
    expect(cache.get('h', 1)).toBeDefined();
  });

  it('keeps nothing while not listening, nor past its time to live, nor past its size', () => {
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('h', entry(0), cache.mark());
    expect(cache.get('h', 1)).toBeUndefined();
    cache.setLive(true);
    cache.set('h', entry(0), cache.mark());
    expect(cache.get('h', 59_999)).toBeDefined();
    expect(cache.get('h', 60_000)).toBeUndefined();
    for (const key of ['a', 'b', 'c']) cache.set(key, entry(0), cache.mark());
    expect(['a', 'b', 'c'].map((k) => cache.get(k, 1) !== undefined)).toEqual([false, true, true]);
    cache.setLive(false);
    expect(cache.get('c', 1)).toBeUndefined();
  });
});

describe("the database's 'session_changed' signal", () => {
  it('comes with every change to who a session is, and not with the last-active refresh', async () => {
    const heard: string[] = [];
    let wake = () => {};
    const stop = await database.listen('session_changed', {
      notify: (payload) => {
        heard.push(payload);
        wake();
      },
      live: () => undefined,
    });
    const userId = await insertUser(database);
    const { sessionId } = await createSession(database.db, { userId, ttlMs: 60_000, now: clock.now() });
    /** How many signals `statement` made: they arrive in commit order, so all are here once a later marker is. */
    const signals = async (statement: string) => {
      heard.length = 0;
      const marked = new Promise<void>((resolve) => {
        wake = () => heard.includes('marker') && resolve();
      });
      await database.db.execute(sql.raw(statement));
      await database.db.execute(sql`select pg_notify('session_changed', 'marker')`);
      await marked;
      return heard.indexOf('marker');
    };
    try {
      for (const set of [
        "status = 'suspended'",
        "role = 'admin'",
        "user_name = 'renamed'",
        "locale = 'de'",
        'must_change_password = true',
        'deleted_at = now()',
        "password_hash = 'y'",
      ])
        expect(await signals(`update users set ${set} where id = ${userId}`), set).toBe(1);
      expect(await signals(`update device_sessions set expires_at = now() where id = ${sessionId}`)).toBe(1);
      expect(await signals(`update device_sessions set last_active_at = now() where id = ${sessionId}`)).toBe(0);
      expect(await signals(`update users set last_login_at = now() where id = ${userId}`)).toBe(0);
      expect(await signals(`update users set status = status where id = ${userId}`)).toBe(0);
      expect(await signals('delete from device_sessions where id = -1')).toBe(0);
      expect(await signals(`delete from device_sessions where id = ${sessionId}`)).toBe(1);
    } finally {
      await stop();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'drops the cache while it cannot listen, and uses it again once listening again (needs TEST_DATABASE_URL)',
    async () => {
      const app = await instance();
      expect(app.sessionCache.live).toBe(true);
      const dropped = app.sessionCache.nextClear();
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'minevest-listen-session_changed' and datname = current_database()`,
      );
      await dropped;
      expect(app.sessionCache.live).toBe(false);
      // Not listening: a read asks the database, so a change made meanwhile shows at once.
      const { userId, token } = await session();
      expect((await whoAmI(app, token)).statusCode).toBe(200);
      await suspendByHand(userId);
      expect((await whoAmI(app, token)).statusCode).toBe(401);
      while (!app.sessionCache.live) await app.sessionCache.nextClear();
      expect(app.sessionCache.live).toBe(true);
    },
  );
});
