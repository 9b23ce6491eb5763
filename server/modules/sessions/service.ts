import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { preparedStatement, type Db, type DbOrTx, type Placeholders } from '../../db/client';
import { idNumber, timestamp } from '../../db/rows';
import { deviceSessions, userRole, userStatus } from '../../db/schema';
import { isLocale } from '../../../contract/locales';
import type { AuthContext } from '../../lib/auth-context';
import type { ClientInfo } from '../../lib/client-info';
import { AppError, notFound } from '../../lib/errors';
import { recordActivity } from '../activity/service';
import { auditActor, recordAudit } from '../audit/service';
import { findChallenge } from '../auth/challenges';
import { hashToken, newSessionToken } from './tokens';
import type { CachedSession, SessionCache } from './cache';

/** last_active is refreshed at most this often, so a busy client does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/** The caller of every signed-in request: one indexed read, a named prepared statement (parsed once per connection). */
const sessionLookup = preparedStatement(
  'session_lookup',
  z.object({
    sessionId: idNumber,
    deviceId: z.string(),
    lastActiveAt: timestamp,
    expiresAt: timestamp,
    userId: idNumber,
    userName: z.string(),
    role: z.enum(userRole.enumValues),
    status: z.enum(userStatus.enumValues),
    mustChangePassword: z.boolean(),
    locale: z.string().nullable(),
  }),
  (p: Placeholders<{ tokenHash: string; now: string }>) =>
    sql`select s.id as "sessionId", s.device_id as "deviceId", s.last_active_at as "lastActiveAt",
          s.expires_at as "expiresAt", u.id as "userId",
          u.user_name as "userName", u.role, u.status, u.must_change_password as "mustChangePassword", u.locale
        from device_sessions s join users u on u.id = s.user_id
        where s.token_hash = ${p('tokenHash')} and s.expires_at > ${p('now')}::timestamptz and u.deleted_at is null
        limit 1`,
);

const dueForTouch = (lastActiveAt: number, now: Date) => now.getTime() - lastActiveAt > TOUCH_INTERVAL_MS;

/** Marks the session active at `now`; false when it no longer exists. */
async function touchSession(db: DbOrTx, sessionId: number, now: Date): Promise<boolean> {
  const touched = await db
    .update(deviceSessions)
    .set({ lastActiveAt: now })
    .where(eq(deviceSessions.id, sessionId))
    .returning({ id: deviceSessions.id });
  return touched.length === 1;
}

/** Resolves a raw token to its live session and user; null when unknown, expired or the user is gone or suspended. */
export async function findSessionByToken(db: DbOrTx, token: string, now: Date): Promise<AuthContext | null> {
  return (await lookupSession(db, hashToken(token), now))?.auth ?? null;
}

async function lookupSession(db: DbOrTx, tokenHash: string, now: Date): Promise<CachedSession | null> {
  const rows = await sessionLookup(db, { tokenHash, now: now.toISOString() });
  const row = rows[0];
  if (!row || row.status === 'suspended') return null;
  let lastActiveAt = row.lastActiveAt.getTime();
  if (dueForTouch(lastActiveAt, now)) {
    await touchSession(db, row.sessionId, now);
    lastActiveAt = now.getTime();
  }
  const auth: AuthContext = {
    userId: row.userId,
    userName: row.userName,
    role: row.role,
    sessionId: row.sessionId,
    deviceId: row.deviceId,
    mustChangePassword: row.mustChangePassword,
    locale: isLocale(row.locale) ? row.locale : null,
  };
  return { auth, expiresAt: row.expiresAt.getTime(), lastActiveAt, cachedAt: now.getTime() };
}

/**
 * As findSessionByToken, from `cache` when this instance verified the token lately (a read's
 * session check then costs no query). Each caller gets its own copy of the context: request
 * hooks add to it (`secondFactorMissing`).
 */
export async function findSessionCached(
  db: Db,
  cache: SessionCache,
  token: string,
  now: Date,
): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const hit = cache.get(tokenHash, now.getTime());
  if (hit) {
    if (!dueForTouch(hit.lastActiveAt, now)) return { ...hit.auth };
    // Gone meanwhile (its signal not here yet): ask the database as on a miss.
    if (await touchSession(db, hit.auth.sessionId, now)) {
      hit.lastActiveAt = now.getTime();
      return { ...hit.auth };
    }
    cache.delete(tokenHash);
  }
  const mark = cache.mark();
  const found = await lookupSession(db, tokenHash, now);
  if (!found) return null;
  cache.set(tokenHash, found, mark);
  return { ...found.auth };
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

const badChallenge = () => new AppError('INVALID_CHALLENGE', 'Your login attempt has expired. Please sign in again.');

/** The user whose device-limit login challenge this is; UNAUTHENTICATED without one, INVALID_CHALLENGE when stale. */
async function challengeUser(db: DbOrTx, challenge: string | null | undefined, now: Date): Promise<number> {
  if (!challenge) throw new AppError('UNAUTHENTICATED', 'User not logged in');
  const found = await findChallenge(db, challenge, 'device_limit', now);
  if (found.state !== 'ok') throw badChallenge();
  return found.userId;
}

/**
 * Disconnects one device: a signed-in caller their own other device (an admin any, audited
 * when it is someone else's), or a visitor stopped by the device limit with its loginChallenge.
 * Throws NOT_FOUND, CURRENT_DEVICE, UNAUTHENTICATED, INVALID_CHALLENGE.
 */
export async function disconnectSession(
  db: Db,
  input: {
    auth: AuthContext | null;
    client: ClientInfo;
    sessionId: number;
    loginChallenge: string | null | undefined;
    now: Date;
  },
): Promise<void> {
  const { auth } = input;
  const [target] = await db.select().from(deviceSessions).where(eq(deviceSessions.id, input.sessionId));
  if (auth) {
    if (!target) throw notFound('Session not found');
    if (target.id === auth.sessionId) throw new AppError('CURRENT_DEVICE', 'You cannot disconnect the current device');
    if (target.userId !== auth.userId && auth.role !== 'admin') throw notFound('Session not found');
  } else {
    const userId = await challengeUser(db, input.loginChallenge, input.now);
    if (!target || target.userId !== userId) throw notFound('Session not found');
  }
  await db.transaction(async (tx) => {
    await tx.delete(deviceSessions).where(eq(deviceSessions.id, target.id));
    // An admin ending someone else's session is a staff action.
    if (auth && target.userId !== auth.userId) {
      await recordAudit(tx, auditActor(auth, { ip: input.client.ip }), {
        action: 'session.disconnect',
        targetType: 'session',
        targetId: target.id,
        before: { sessionId: target.id, userId: target.userId, deviceId: target.deviceId },
      });
    }
    await recordActivity(tx, {
      userId: target.userId,
      action: `Disconnected ${target.browser} on ${target.os} (${target.ip || 'unknown address'})`,
      client: input.client,
      kind: 'security',
    });
  });
}

/** Disconnects every other device of the caller, or every device of the user a device-limit loginChallenge names. */
export async function disconnectAllSessions(
  db: Db,
  input: { auth: AuthContext | null; client: ClientInfo; loginChallenge: string | undefined; now: Date },
): Promise<void> {
  const { auth } = input;
  const userId = auth ? auth.userId : await challengeUser(db, input.loginChallenge, input.now);
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(deviceSessions)
      .where(and(eq(deviceSessions.userId, userId), auth ? ne(deviceSessions.id, auth.sessionId) : undefined))
      .returning({ id: deviceSessions.id });
    if (gone.length > 0)
      await recordActivity(tx, {
        userId,
        action: auth ? `Disconnected all other devices (${gone.length})` : `Disconnected all devices (${gone.length})`,
        client: input.client,
        kind: 'security',
      });
  });
}
