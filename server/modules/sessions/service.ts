import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deviceSessions, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { hashToken, newSessionToken } from './tokens';

/** last_active is refreshed at most this often, so a busy client does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/** Resolves a raw token to its live session and user; null when unknown, expired or the user is gone or suspended. */
export async function findSessionByToken(db: DbOrTx, token: string, now: Date): Promise<AuthContext | null> {
  const rows = await db
    .select({
      sessionId: deviceSessions.id,
      deviceId: deviceSessions.deviceId,
      lastActiveAt: deviceSessions.lastActiveAt,
      userId: users.id,
      userName: users.userName,
      role: users.role,
      status: users.status,
      mustChangePassword: users.mustChangePassword,
    })
    .from(deviceSessions)
    .innerJoin(users, eq(users.id, deviceSessions.userId))
    .where(
      and(eq(deviceSessions.tokenHash, hashToken(token)), gt(deviceSessions.expiresAt, now), isNull(users.deletedAt)),
    )
    .limit(1);
  const row = rows[0];
  if (!row || row.status === 'suspended') return null;
  if (now.getTime() - row.lastActiveAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(deviceSessions).set({ lastActiveAt: now }).where(eq(deviceSessions.id, row.sessionId));
  }
  return {
    userId: row.userId,
    userName: row.userName,
    role: row.role,
    sessionId: row.sessionId,
    deviceId: row.deviceId,
    mustChangePassword: row.mustChangePassword,
  };
}

export interface NewSession {
  userId: number;
  ttlMs: number;
  now: Date;
  browser?: string;
  os?: string;
  device?: string;
  ip?: string;
  location?: string;
  countryCode?: string;
}

/** Opens a device session and returns the raw token (shown to the client once, never stored). */
export async function createSession(
  db: DbOrTx,
  s: NewSession,
): Promise<{ token: string; sessionId: number; deviceId: string }> {
  const token = newSessionToken();
  const deviceId = randomUUID();
  const [row] = await db
    .insert(deviceSessions)
    .values({
      userId: s.userId,
      tokenHash: hashToken(token),
      deviceId,
      browser: s.browser ?? 'Unknown',
      os: s.os ?? 'Unknown',
      device: s.device ?? 'Desktop',
      ip: s.ip ?? '',
      location: s.location ?? 'Unknown',
      countryCode: s.countryCode ?? 'XX',
      createdAt: s.now,
      lastActiveAt: s.now,
      expiresAt: new Date(s.now.getTime() + s.ttlMs),
    })
    .returning({ id: deviceSessions.id });
  return { token, sessionId: row!.id, deviceId };
}

/** Deletes sessions past their expiry; returns how many. Used by the session-expiry job. */
export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db
    .delete(deviceSessions)
    .where(lt(deviceSessions.expiresAt, now))
    .returning({ id: deviceSessions.id });
  return gone.length;
}

/** Live sessions of one user (used by the device limit later). */
export async function countLiveSessions(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(deviceSessions)
    .where(and(eq(deviceSessions.userId, userId), gt(deviceSessions.expiresAt, now)));
  return Number(row?.n ?? 0);
}
