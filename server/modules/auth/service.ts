import { z } from 'zod';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { AuthMsg, type LoginResponse } from '../../../contract/auth';
import type { Db, Tx } from '../../db/client';
import { idNumber, rowsOf } from '../../db/rows';
import { deviceSessions, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { locateIp, parseUserAgent } from '../../lib/user-agent';
import { countLiveSessions, createSession } from '../sessions/service';
import { listUserSessions } from '../sessions/views';
import { consumeChallenge, findChallenge, issueChallenge } from './challenges';
import { checkSecondFactor } from '../twofactor/service';
import { notifyUser } from '../notifications/notify';
import { noticeOf } from '../notifications/messages';
import type { SecretBox } from '../../lib/secrets';
import type { ClientInfo } from '../../lib/client-info';
import { recordActivity } from '../activity/service';
import type { LoginGuard } from './lockout';
import { missesStaffSecondFactor } from '../passkeys/second-factor';

const deviceRow = z.object({ user_id: idNumber });

export const SESSION_TTL_MS = 24 * 3_600_000;
export const REMEMBER_TTL_MS = 30 * 24 * 3_600_000;

/** The signing-in client as plain data (recorded in the activity log), and the moment of the request. */
export interface LoginClient extends ClientInfo {
  now: Date;
}

export interface LoginDeps {
  db: Db;
  box: SecretBox;
  requireVerifiedEmail: boolean;
  /** The site setting: staff need a passkey or TOTP before the admin area opens. */
  requireStaffSecondFactor: boolean;
}

/** How the user proved who they are: what the activity log says, and whether it was both factors at once. */
export interface SignInProof {
  action: string;
  /** A passkey (possession, and the device's own PIN or biometrics): no code is asked for after it. */
  bothFactors?: boolean;
}

export type LoginResult =
  | {
      kind: 'session';
      response: LoginResponse;
      token: string;
      ttlMs: number;
      rememberMe: boolean;
      userId: number;
      sessionId: number;
    }
  | { kind: 'two_factor'; response: LoginResponse };

type UserRow = typeof users.$inferSelect;

export async function findUserByLogin(db: Db, usernameOrEmail: string): Promise<UserRow | null> {
  const key = usernameOrEmail.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(or(eq(sql`lower(${users.userName})`, key), eq(sql`lower(${users.email})`, key)), isNull(users.deletedAt)),
    )
    .limit(1);
  return row ?? null;
}

const sessionUser = (u: UserRow) => ({ id: u.id, userName: u.userName, role: u.role });

export interface PasswordLoginDeps extends LoginDeps {
  guard: LoginGuard;
}

/**
 * Password step. Wrong user and wrong password give the same answer in the same time.
 * Throws INVALID_CREDENTIALS (401), ACCOUNT_SUSPENDED (403), EMAIL_NOT_VERIFIED (403),
 * DEVICE_LIMIT_REACHED (429), RATE_LIMITED (429, TooManyFailures) while this client must wait.
 */
export async function login(
  deps: PasswordLoginDeps,
  input: { usernameOrEmail: string; password: string; rememberMe: boolean },
  client: LoginClient,
): Promise<LoginResult> {
  const user = await findUserByLogin(deps.db, input.usernameOrEmail);
  // The user name and the email of an account count as one; a name matching none counts as typed.
  const account = user ? `user:${user.userName.toLowerCase()}` : `name:${input.usernameOrEmail.trim().toLowerCase()}`;
  const attempt = await deps.guard.begin(account, client.ip, client.now);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    const { failures, since } = await attempt.failed(client.now);
    if (user && failures === deps.guard.notifyAt)
      await noticeFailedSignIns(deps.db, user.id, failures, since, client.now);
    throw new AppError('INVALID_CREDENTIALS', AuthMsg.invalidCredentials);
  }
  await attempt.succeeded();
  return signInUser(deps, user, input.rememberMe, client, { action: 'Logged in' });
}

/** Tells the owner (always emailed, as a security notice) once per window; nothing secret in it. */
function noticeFailedSignIns(db: Db, userId: number, failures: number, since: Date, at: Date) {
  return notifyUser(db, {
    userId,
    notice: noticeOf('security.failedSignIns', { failures, since: since.toISOString(), at: at.toISOString() }),
    kind: 'security',
  });
}

/**
 * What follows proof of who the user is (a password, a social provider's verified email, or a
 * passkey): the account checks, then the second factor when enabled and not already proved,
 * else a device session (device limit, new-device notice). Every way in goes through here.
 */
export async function signInUser(
  deps: LoginDeps,
  user: UserRow,
  rememberMe: boolean,
  client: LoginClient,
  proof: SignInProof,
): Promise<LoginResult> {
  if (user.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', AuthMsg.suspended);
  if (!user.isEmailVerified && deps.requireVerifiedEmail) {
    throw new AppError('EMAIL_NOT_VERIFIED', AuthMsg.verifyEmail, undefined, { emailVerificationRequired: true });
  }
  if (user.twoFactorEnabled && !proof.bothFactors) {
    const tempToken = await issueChallenge(deps.db, user.id, 'two_factor', rememberMe, client.now);
    return {
      kind: 'two_factor',
      response: {
        message: 'Two-factor authentication required',
        user: sessionUser(user),
        requires2FA: true,
        tempToken,
        emailVerificationRequired: !user.isEmailVerified,
        mustChangePassword: user.mustChangePassword,
        secondFactorRequired: false,
      },
    };
  }
  return openSession(deps, user, rememberMe, client, proof.action);
}

/** Second step with a TOTP or recovery code. Throws OTP_EXPIRED (408), LOGIN_OTP_INVALID (401). */
export async function loginWithSecondFactor(
  deps: LoginDeps,
  input: { token: string; tempToken: string },
  client: LoginClient,
): Promise<LoginResult> {
  const found = await findChallenge(deps.db, input.tempToken, 'two_factor', client.now);
  if (found.state !== 'ok') throw new AppError('OTP_EXPIRED', AuthMsg.otpExpired);
  const [user] = await deps.db.select().from(users).where(eq(users.id, found.userId));
  if (!user || user.deletedAt || user.status === 'suspended') throw new AppError('OTP_EXPIRED', AuthMsg.otpExpired);
  const check = await checkSecondFactor(deps.db, deps.box, user, input.token, client.now);
  if (check !== 'ok') throw new AppError('LOGIN_OTP_INVALID', check === 'used' ? AuthMsg.otpUsed : AuthMsg.invalidOtp);
  if (!(await consumeChallenge(deps.db, found.id, client.now))) throw new AppError('OTP_EXPIRED', AuthMsg.otpExpired);
  return openSession(deps, user, found.rememberMe, client, 'Logged in');
}

/** Opens a device session and records `action` in the activity log, in one transaction. */
async function openSession(
  deps: LoginDeps,
  user: UserRow,
  rememberMe: boolean,
  client: LoginClient,
  action: string,
): Promise<LoginResult> {
  const { db } = deps;
  const ttlMs = rememberMe ? REMEMBER_TTL_MS : SESSION_TTL_MS;
  // The user row is locked so two simultaneous logins cannot both take the last free device slot.
  const opened = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if ((await countLiveSessions(tx, user.id, client.now)) >= user.maxDevices) return null;
    const session = await createSession(tx, {
      userId: user.id,
      ttlMs,
      now: client.now,
      ip: client.ip,
      ...parseUserAgent(client.userAgent),
      ...locateIp(client.ip),
    });
    await noticeNewDevice(tx, user, client);
    await tx.update(users).set({ lastLoginAt: client.now }).where(eq(users.id, user.id));
    await recordActivity(tx, { userId: user.id, action, client, kind: 'security' });
    return session;
  });
  if (!opened) {
    const loginChallenge = await issueChallenge(db, user.id, 'device_limit', rememberMe, client.now);
    const sessions = await listUserSessions(db, user.id, client.now, null);
    throw new AppError('DEVICE_LIMIT_REACHED', AuthMsg.deviceLimit, undefined, {
      error: 'Device limit reached',
      sessions,
      loginChallenge,
    });
  }
  return {
    kind: 'session',
    token: opened.token,
    ttlMs,
    rememberMe,
    userId: user.id,
    sessionId: opened.sessionId,
    response: {
      message: AuthMsg.loginOk,
      user: sessionUser(user),
      requires2FA: false,
      emailVerificationRequired: !user.isEmailVerified,
      mustChangePassword: user.mustChangePassword,
      secondFactorRequired: await missesStaffSecondFactor(db, deps.requireStaffSecondFactor, user),
    },
  };
}

/** Ends the caller's device session (logout); nothing to do without one. */
export async function logout(db: Db, auth: AuthContext | null): Promise<void> {
  if (auth) await db.delete(deviceSessions).where(eq(deviceSessions.id, auth.sessionId));
}

/**
 * A sign-in from a browser and system this user never used before raises a security notice
 * (always emailed). Versions are left out, so a browser update is not a "new device"; the
 * very first sign-in of an account only records the device.
 */
async function noticeNewDevice(tx: Tx, user: UserRow, client: LoginClient): Promise<void> {
  const ua = parseUserAgent(client.userAgent);
  const unversioned = (s: string) => s.replace(/\s+[\d.]+$/, '');
  const device = `${unversioned(ua.browser)} on ${unversioned(ua.os)} (${ua.device})`;
  const rows = await rowsOf(
    tx,
    deviceRow,
    sql`insert into login_devices (user_id, device, first_seen_at) values (${user.id}, ${device}, ${client.now.toISOString()}) on conflict do nothing returning user_id`,
  );
  if (rows.length > 0 && user.lastLoginAt)
    await notifyUser(tx, {
      userId: user.id,
      notice: noticeOf('security.newDevice', { device, ip: client.ip }),
      kind: 'security',
    });
}
