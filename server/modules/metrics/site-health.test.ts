import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceSessions } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { testClock } from '../../test/clock';
import { createSession } from '../sessions/service';
import { SiteMonitor } from './site-monitor';

const clock = testClock();
let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let moderator: Awaited<ReturnType<typeof signIn>>;
let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await signIn(t.database, 'admin');
  moderator = await signIn(t.database, 'moderator');
  user = await signIn(t.database, 'user');
});
afterAll(() => t.close());

const health = (cookies?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/metrics/site-health', cookies });

describe('GET /api/metrics/site-health', () => {
  it('counts users, active users and who was online in the last 5 minutes, as differences', async () => {
    const before = (await health(admin.cookie)).json();
    await insertUser(t.database, { status: 'active' });
    await insertUser(t.database, { isEmailVerified: false });
    await insertUser(t.database, { status: 'active', deletedAt: new Date() });
    const onlineUser = await insertUser(t.database);
    await createSession(t.database.db, { userId: onlineUser, ttlMs: 3_600_000, now: clock.now() });
    await createSession(t.database.db, { userId: onlineUser, ttlMs: 3_600_000, now: clock.now() });
    const staleUser = await insertUser(t.database);
    const stale = await createSession(t.database.db, { userId: staleUser, ttlMs: 3_600_000, now: clock.now() });
    await t.database.db
      .update(deviceSessions)
      .set({ lastActiveAt: new Date(clock.now().getTime() - 6 * 60_000) })
      .where(eq(deviceSessions.id, stale.sessionId));

    const res = await health(admin.cookie);
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.totalUsers - before.totalUsers).toBe(4);
    expect(after.activeUsers - before.activeUsers).toBe(3);
    expect(after.currentlyOnline - before.currentlyOnline).toBe(1);
    expect(after.warnings).toEqual([]);
  });

  it('reports measured server figures: uptime, sample share, average response time and the last settings change', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health/live' });
    const first = (await health(moderator.cookie)).json();
    expect(first.serverStatus.status).toBe('online');
    expect(first.serverStatus.uptime).toBeGreaterThanOrEqual(0);
    expect(first.serverStatus.uptimePercentage).toBe(100);
    expect(first.serverStatus.responseTime).toBeGreaterThan(0);
    expect(first.lastUpdated).toEqual({ timestamp: null, timeAgo: 'never' });

    await t.app.inject({
      method: 'PUT',
      url: '/api/utils/site-settings',
      cookies: admin.cookie,
      payload: { siteName: 'Health Check' },
    });
    // Settings are stamped with real time; line the test clock up with it, then move on.
    clock.advance(Date.now() - clock.now().getTime() + 3 * 60_000 + 5_000);
    const later = (await health(admin.cookie)).json();
    expect(later.lastUpdated.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(later.lastUpdated.timeAgo).toBe('3 minutes ago');
  });

  it('refuses users (403) and anonymous callers (401)', async () => {
    expect((await health(user.cookie)).json()).toMatchObject({ code: 'ADMIN_REQUIRED' });
    expect((await health()).statusCode).toBe(401);
  });
});

describe('SiteMonitor', () => {
  it('averages only the response times of the recent window and counts failed samples', () => {
    const m = new SiteMonitor(Date.now());
    expect(m.averageResponseMs(0)).toBeNull();
    m.recordResponse(100, 0);
    m.recordResponse(2, 10 * 60_000);
    m.recordResponse(4, 10 * 60_000 + 1);
    expect(m.averageResponseMs(10 * 60_000 + 1)).toBe(3);
    m.recordSample(true);
    m.recordSample(true);
    m.recordSample(true);
    m.recordSample(false);
    expect(m.uptimePercentage()).toBe(75);
  });

  it('passes on the warnings other modules report', async () => {
    const m = new SiteMonitor(Date.now());
    m.addWarningSource(() => ['Job "accrual" failed 3 times']);
    m.addWarningSource(async () => ['Price feed stale']);
    expect(await m.warnings()).toEqual(['Job "accrual" failed 3 times', 'Price feed stale']);
  });
});
