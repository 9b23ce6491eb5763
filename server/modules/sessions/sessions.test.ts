import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { deviceSessions, users } from '../../db/schema';
import { createTestApp, insertUser, type TestContext } from '../../test/app';
import { Scheduler } from '../../jobs/scheduler';
import { sessionExpiryJob } from '../../jobs';
import { createSession, findSessionByToken } from './service';
import { hashToken } from './tokens';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = new Date('2026-01-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const silent = { info() {}, error() {}, warn() {} } as unknown as FastifyBaseLogger;

describe('session lookup', () => {
  it('finds a live session by its token and stores only the hash', async () => {
    const userId = await insertUser(t.database, { role: 'moderator' });
    const { token, sessionId } = await createSession(t.database.db, { userId, ttlMs: 60_000, now });
    const [row] = await t.database.db.select().from(deviceSessions).where(eq(deviceSessions.id, sessionId));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(await findSessionByToken(t.database.db, token, later(1000))).toMatchObject({
      userId,
      role: 'moderator',
      sessionId,
    });
  });

  it('ignores expired sessions, suspended and deleted users', async () => {
    const userId = await insertUser(t.database);
    const { token } = await createSession(t.database.db, { userId, ttlMs: 60_000, now });
    expect(await findSessionByToken(t.database.db, token, later(60_001))).toBeNull();

    const { token: t2 } = await createSession(t.database.db, { userId, ttlMs: 60_000, now });
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, userId));
    expect(await findSessionByToken(t.database.db, t2, later(1))).toBeNull();

    await t.database.db.update(users).set({ status: 'active', deletedAt: now }).where(eq(users.id, userId));
    expect(await findSessionByToken(t.database.db, t2, later(1))).toBeNull();
  });

  it('refreshes last-active at most once a minute', async () => {
    const userId = await insertUser(t.database);
    const { token, sessionId } = await createSession(t.database.db, { userId, ttlMs: 3_600_000, now });
    const lastActive = async () =>
      (await t.database.db.select().from(deviceSessions).where(eq(deviceSessions.id, sessionId)))[0]!.lastActiveAt;
    await findSessionByToken(t.database.db, token, later(30_000));
    expect((await lastActive()).getTime()).toBe(now.getTime());
    await findSessionByToken(t.database.db, token, later(90_000));
    expect((await lastActive()).getTime()).toBe(later(90_000).getTime());
  });
});

describe('session expiry job', () => {
  it('deletes exactly the expired sessions, and a second run deletes nothing', async () => {
    await t.database.db.delete(deviceSessions);
    const userId = await insertUser(t.database);
    await createSession(t.database.db, { userId, ttlMs: 1000, now });
    await createSession(t.database.db, { userId, ttlMs: 1000, now });
    const { token } = await createSession(t.database.db, { userId, ttlMs: 3_600_000, now });
    const scheduler = new Scheduler(t.database.db, silent, () => later(5000));
    expect(await scheduler.runOnce(sessionExpiryJob)).toBe(2);
    expect(await scheduler.runOnce(sessionExpiryJob)).toBe(0);
    expect(await findSessionByToken(t.database.db, token, later(5000))).not.toBeNull();
  });
});
