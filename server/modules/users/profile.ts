import { notifyUser } from '../notifications/notify';
import { eq } from 'drizzle-orm';
import { ADMIN_ONLY_PROFILE_FIELDS, ProfileMsg, type Profile, type ProfileUpdate } from '../../../contract/users';
import type { Db } from '../../db/client';
import { deviceSessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { loadUserFor, type AuthContext, type UserRow } from '../../lib/auth-context';
import type { ClientInfo } from '../../lib/client-info';
import { recordActivity } from '../activity/service';
import { turnOffTwoFactor } from '../twofactor/service';
import { noticeOf } from '../notifications/messages';

export function toProfile(u: UserRow): Profile {
  return {
    id: u.id,
    userName: u.userName,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    address: u.address,
    city: u.city,
    state: u.state,
    country: u.country,
    zipcode: u.zipcode,
    dateOfBirth: u.dateOfBirth,
    profileImage: u.profileImage ? `/api/users/${u.id}/profile-image/${u.profileImage}` : null,
    createdAt: u.createdAt.toISOString(),
    role: u.role,
    status: u.status,
    isEmailVerified: u.isEmailVerified,
    twoFactorEnabled: u.twoFactorEnabled,
    hasCompletedOnboarding: u.hasCompletedOnboarding,
    emailNotifications: u.emailNotifications,
    telegramNotifications: u.telegramNotifications,
    maxDevices: u.maxDevices,
    mustChangePassword: u.mustChangePassword,
    securityHoldUntil: u.securityHoldUntil ? u.securityHoldUntil.toISOString() : null,
    Account: { BTC_Wallet_Address: u.btcWalletAddress, ETH_Wallet_Address: u.ethWalletAddress },
    bank: {
      accountHolder: u.bankAccountHolder,
      bankName: u.bankName,
      accountNumber: u.bankAccountNumber,
      swift: u.bankSwift,
    },
  };
}

/**
 * Applies a profile edit to user `id` (own, or any for an admin). Admin-only fields from
 * anyone else are a 403; an admin cannot demote or suspend themself. An email change needs
 * re-verification and starts the security hold. The activity row commits with the change.
 * Throws FORBIDDEN, NOT_FOUND, CONFLICT (email taken).
 */
export async function updateProfile(
  db: Db,
  caller: AuthContext,
  id: number,
  patch: ProfileUpdate,
  opts: { now: Date; holdMs: number; actor: AuditActor; client: ClientInfo },
): Promise<Profile> {
  const { now, holdMs, actor } = opts;
  const target = await loadUserFor(db, caller, id, 'write');
  const adminFields = ADMIN_ONLY_PROFILE_FIELDS.filter((f) => patch[f] !== undefined);
  if (adminFields.length > 0 && caller.role !== 'admin') throw new AppError('ADMIN_REQUIRED', ProfileMsg.adminFields);
  if (
    caller.userId === target.id &&
    ((patch.role && patch.role !== 'admin' && target.role === 'admin') || (patch.status && patch.status !== 'active'))
  ) {
    throw new AppError('SELF_LOCKOUT', 'You cannot demote or suspend your own account');
  }
  const { bank: _bank, twoFactorEnabled, ...rest } = patch;
  const set: Partial<typeof users.$inferInsert> = { ...rest, updatedAt: now };
  const emailChanged = patch.email !== undefined && patch.email.toLowerCase() !== target.email.toLowerCase();
  if (emailChanged && patch.isEmailVerified === undefined) {
    set.isEmailVerified = false;
    set.securityHoldUntil = new Date(now.getTime() + holdMs);
  }
  try {
    const row = await db.transaction(async (tx) => {
      if (twoFactorEnabled === false && target.twoFactorEnabled) {
        await turnOffTwoFactor(tx, target.id, null);
        await notifyUser(tx, { userId: target.id, notice: noticeOf('security.twoFactorOff', {}), kind: 'security' });
      }
      // Suspending ends every session at once (DESIGN.md §6b).
      if (patch.status === 'suspended') await tx.delete(deviceSessions).where(eq(deviceSessions.userId, target.id));
      const [updated] = await tx.update(users).set(set).where(eq(users.id, target.id)).returning();
      // Staff editing someone else is a staff action: the audit log keeps what changed.
      if (caller.userId !== target.id) {
        const { before, after } = profileChange(toProfile(target), toProfile(updated!));
        await recordAudit(tx, actor, { action: 'user.update', targetType: 'user', targetId: target.id, before, after });
      }
      await recordActivity(tx, {
        userId: caller.userId,
        action: caller.userId === target.id ? 'Updated profile' : `Updated profile of user ${target.id}`,
        client: opts.client,
        // Your own details (email, phone) are part of your account's security; a staff edit is staff work.
        kind: caller.userId === target.id ? 'security' : 'action',
      });
      return updated!;
    });
    return toProfile(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists');
    throw err;
  }
}

/** The profile fields an edit changed, old and new. A profile view holds no password hash or 2FA secret. */
function profileChange(a: Profile, b: Profile): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of Object.keys(b) as (keyof Profile)[]) {
    if (JSON.stringify(a[key]) === JSON.stringify(b[key])) continue;
    before[key] = a[key];
    after[key] = b[key];
  }
  return { before, after };
}
