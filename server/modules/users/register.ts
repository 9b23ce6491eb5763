import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { zRegistration } from '../../../contract/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, validationFailed } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation, violatedConstraint } from '../../lib/pg-errors';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import type { MailRecipient } from './emails';

export const RegisterMsg = {
  ok: 'Registration successful. Please check your email to confirm your account.',
  userNameTaken: 'This username is already taken',
  emailTaken: 'An account with this email already exists',
  referrerUnknown: 'Referral ID not found',
} as const;

type Registration = z.output<typeof zRegistration>;

/** The referrer named by a referral id: a user name or a numeric user id. */
async function resolveReferrer(db: Db, ref: string): Promise<number | null> {
  if (!ref) return null;
  const byId = /^\d{1,15}$/.test(ref)
    ? eq(users.id, Number(ref))
    : eq(sql`lower(${users.userName})`, ref.toLowerCase());
  const [row] = await db.select({ id: users.id, deletedAt: users.deletedAt }).from(users).where(byId);
  if (!row || row.deletedAt)
    throw validationFailed(RegisterMsg.referrerUnknown, [
      { field: 'referrerId', message: RegisterMsg.referrerUnknown },
    ]);
  return row.id;
}

/**
 * Creates a user whose email is not yet confirmed and a confirmation token (the caller mails it).
 * Throws VALIDATION_FAILED (unknown referrer) and CONFLICT 409 (user name or email taken).
 */
export async function registerUser(
  db: Db,
  input: Registration,
  ip: string,
  now: Date,
): Promise<{ userId: number; token: string }> {
  const referrerId = await resolveReferrer(db, input.referrerId);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          userName: input.userName,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          dateOfBirth: input.dateOfBirth,
          country: input.country,
          btcWalletAddress: input.btcWallet,
          ethWalletAddress: input.ethWallet,
          passwordHash,
          referrerId,
          status: 'active',
          registrationIp: ip,
          locale: input.locale ?? null,
        })
        .returning({ id: users.id });
      const token = await issueEmailToken(tx, row!.id, 'confirm_email', now);
      return { userId: row!.id, token };
    });
  } catch (err) {
    throw takenOr(err);
  }
}

/** A unique violation on users becomes 409 EMAIL_TAKEN or USERNAME_TAKEN; anything else is rethrown as it is. */
export function takenOr(err: unknown): unknown {
  if (!isUniqueViolation(err)) return err;
  const email = violatedConstraint(err)?.includes('email') ?? false;
  return new AppError(
    email ? 'EMAIL_TAKEN' : 'USERNAME_TAKEN',
    email ? RegisterMsg.emailTaken : RegisterMsg.userNameTaken,
  );
}

/** Confirms an email (a suspension stays as the admin left it). */
export async function confirmEmail(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ isEmailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

export const invalidLink = () =>
  new AppError('INVALID_LINK', 'Email verification failed. The link may be expired or invalid.');

/** Confirms the email a confirmation link was sent to; the link works once. Throws INVALID_LINK (400). */
export async function confirmEmailLink(db: Db, token: string, now: Date): Promise<void> {
  const userId = await consumeEmailToken(db, token, 'confirm_email', now);
  if (!userId) throw invalidLink();
  await confirmEmail(db, userId);
}

/**
 * A fresh confirmation token for the account with this email (any case), or null when there
 * is none to confirm (unknown, already verified or deleted).
 */
export async function reissueConfirmation(
  db: Db,
  email: string,
  now: Date,
): Promise<{ user: MailRecipient; token: string } | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!user || user.isEmailVerified || user.deletedAt) return null;
  return { user, token: await issueEmailToken(db, user.id, 'confirm_email', now) };
}
