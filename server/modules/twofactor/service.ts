import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db, DbOrTx } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema';
import { loadUserFor, type AuthContext } from '../../lib/auth-context';
import type { ClientInfo } from '../../lib/client-info';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { SecretBox } from '../../lib/secrets';
import { matchTotp, newTotpSecret, totpUri } from '../../lib/totp';
import { recordActivity } from '../activity/service';
import { noticeOf } from '../notifications/messages';
import { notifyUser } from '../notifications/notify';

type UserRow = typeof users.$inferSelect;
const RECOVERY_CODE_COUNT = 10;

const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const hashCode = (code: string) => createHash('sha256').update(normaliseCode(code)).digest('hex');

/** What a second-factor code proved: accepted, wrong, or right but already spent. */
export type SecondFactorCheck = 'ok' | 'invalid' | 'used';

/**
 * Accepts a TOTP code at most once per time step (the step is claimed with a conditional
 * update, so two concurrent requests with one code cannot both pass).
 */
async function claimTotp(
  db: DbOrTx,
  box: SecretBox,
  user: UserRow,
  code: string,
  now: Date,
): Promise<SecondFactorCheck> {
  if (!user.twoFactorSecret) return 'invalid';
  const step = matchTotp(box.decrypt(user.twoFactorSecret), code, now.getTime());
  if (step === null) return 'invalid';
  const claimed = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return claimed.length === 1 ? 'ok' : 'used';
}

async function acceptTotp(db: DbOrTx, box: SecretBox, user: UserRow, code: string, now: Date): Promise<boolean> {
  return (await claimTotp(db, box, user, code, now)) === 'ok';
}

async function claimRecoveryCode(db: DbOrTx, userId: number, code: string, now: Date): Promise<SecondFactorCheck> {
  const mine = and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashCode(code)));
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(mine, isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (used.length > 0) return 'ok';
  const spent = await db.select({ id: recoveryCodes.id }).from(recoveryCodes).where(mine).limit(1);
  return spent.length > 0 ? 'used' : 'invalid';
}

/** A TOTP code, or one of the user's unused recovery codes (used up by this call); says why one is refused. */
export async function checkSecondFactor(
  db: DbOrTx,
  box: SecretBox,
  user: UserRow,
  code: string,
  now: Date,
): Promise<SecondFactorCheck> {
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) return claimTotp(db, box, user, trimmed, now);
  return claimRecoveryCode(db, user.id, trimmed, now);
}

/** A TOTP code, or one of the user's unused recovery codes (used up by this call). */
export async function verifySecondFactor(
  db: DbOrTx,
  box: SecretBox,
  user: UserRow,
  code: string,
  now: Date,
): Promise<boolean> {
  return (await checkSecondFactor(db, box, user, code, now)) === 'ok';
}

/** Replaces the user's recovery codes with ten new ones and returns them (shown once). */
export async function issueRecoveryCodes(db: DbOrTx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
  return codes;
}

/** The caller's own account: 2FA is changed only by its owner, never on someone else's behalf. */
export async function ownTwoFactorUser(db: DbOrTx, caller: AuthContext, id: number): Promise<UserRow> {
  if (caller.userId !== id) throw new AppError('FORBIDDEN', 'You can only change your own two-factor settings');
  return loadUserFor(db, caller, id, 'write');
}

/** Starts setup: a new secret (stored encrypted, not yet active) and its QR code. Throws 409 when 2FA is already on. */
export async function startTwoFactorSetup(
  db: Db,
  box: SecretBox,
  user: UserRow,
  issuer: string,
): Promise<{ qrCode: string; secret: string; otpauthUrl: string }> {
  if (user.twoFactorEnabled) throw new AppError('TWO_FACTOR_ON', 'Two-factor authentication is already enabled');
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ twoFactorSecret: box.encrypt(secret), twoFactorLastStep: null })
    .where(eq(users.id, user.id));
  const otpauthUrl = totpUri(secret, issuer, user.email);
  return { qrCode: await QRCode.toDataURL(otpauthUrl), secret, otpauthUrl };
}

/**
 * Completes setup with a valid code from the new secret; returns the recovery codes. The activity row commits
 * with it.
 */
export async function completeTwoFactorSetup(
  db: Db,
  box: SecretBox,
  user: UserRow,
  code: string,
  now: Date,
  holdUntil: Date,
  client: ClientInfo,
): Promise<string[]> {
  if (user.twoFactorEnabled) throw new AppError('TWO_FACTOR_ON', 'Two-factor authentication is already enabled');
  if (!user.twoFactorSecret) throw new AppError('NO_2FA_SETUP', 'Start two-factor setup first');
  return db.transaction(async (tx) => {
    if (!(await acceptTotp(tx, box, user, code, now)))
      throw new AppError('INVALID_OTP', 'Invalid OTP code. Please try again.');
    await tx.update(users).set({ twoFactorEnabled: true, securityHoldUntil: holdUntil }).where(eq(users.id, user.id));
    await notifyUser(tx, { userId: user.id, notice: noticeOf('security.twoFactorOn', {}), kind: 'security' });
    const codes = await issueRecoveryCodes(tx, user.id);
    await recordActivity(tx, {
      userId: user.id,
      action: 'Enabled two-factor authentication',
      client,
      kind: 'security',
    });
    return codes;
  });
}

/** Turns 2FA off after a valid code or the account password. The activity row commits with it. */
export async function disableTwoFactor(
  db: Db,
  box: SecretBox,
  user: UserRow,
  proof: { token?: string; password?: string },
  now: Date,
  holdUntil: Date,
  client: ClientInfo,
): Promise<void> {
  if (!user.twoFactorEnabled) throw new AppError('TWO_FACTOR_OFF', 'Two-factor authentication is not enabled');
  const ok = proof.token
    ? await verifySecondFactor(db, box, user, proof.token, now)
    : proof.password
      ? await verifyPassword(user.passwordHash, proof.password)
      : false;
  if (!ok)
    throw new AppError(
      'INVALID_PROOF',
      proof.token ? 'Invalid OTP code. Please try again.' : 'Current password is incorrect',
    );
  await db.transaction(async (tx) => {
    await turnOffTwoFactor(tx, user.id, holdUntil);
    await notifyUser(tx, { userId: user.id, notice: noticeOf('security.twoFactorOff', {}), kind: 'security' });
    await recordActivity(tx, {
      userId: user.id,
      action: 'Disabled two-factor authentication',
      client,
      kind: 'security',
    });
  });
}

/**
 * Replaces the recovery codes after a valid code (TOTP or an unused recovery code); the new
 * codes and the activity row commit together. Throws TWO_FACTOR_OFF, INVALID_OTP.
 */
export async function regenerateRecoveryCodes(
  db: Db,
  box: SecretBox,
  user: UserRow,
  code: string,
  now: Date,
  client: ClientInfo,
): Promise<string[]> {
  if (!user.twoFactorEnabled) throw new AppError('TWO_FACTOR_OFF', 'Two-factor authentication is not enabled');
  if (!(await verifySecondFactor(db, box, user, code, now)))
    throw new AppError('INVALID_OTP', 'Invalid OTP code. Please try again.');
  return db.transaction(async (tx) => {
    const codes = await issueRecoveryCodes(tx, user.id);
    await recordActivity(tx, { userId: user.id, action: 'Regenerated recovery codes', client, kind: 'security' });
    return codes;
  });
}

/** Used by the user's own disable and by an admin's profile edit. */
export async function turnOffTwoFactor(db: DbOrTx, userId: number, holdUntil: Date | null): Promise<void> {
  await db
    .update(users)
    .set({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorLastStep: null,
      ...(holdUntil ? { securityHoldUntil: holdUntil } : {}),
    })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
