import { and, eq, ne } from 'drizzle-orm';
import { AuthMsg } from '../../../contract/auth';
import { ProfileMsg } from '../../../contract/users';
import { deviceSessions, users } from '../../db/schema';
import { siteLinkBase, type ServerContext } from '../../context';
import { loadUserFor, type AuthContext } from '../../lib/auth-context';
import type { ClientInfo } from '../../lib/client-info';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { recordActivity } from '../activity/service';
import { findUserByLogin } from '../auth/service';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import { sendAccountMail } from './emails';
import { noticeOf } from '../notifications/messages';
import { notifyUser } from '../notifications/notify';

type UserRow = typeof users.$inferSelect;

/**
 * Mails a reset link when the account exists. The caller answers the same way either way;
 * the lookup and mail run after the answer is sent, so timing does not tell either.
 */
export function requestPasswordReset(ctx: ServerContext, userNameOrEmail: string): void {
  const work = async () => {
    const user = await findUserByLogin(ctx.db, userNameOrEmail);
    if (!user || user.status === 'suspended') return;
    const token = await issueEmailToken(ctx.db, user.id, 'reset_password', ctx.now());
    await sendAccountMail(ctx, 'account.resetPassword', user, `${await siteLinkBase(ctx)}/reset-password/${token}`);
  };
  setImmediate(() => work().catch((err: unknown) => ctx.log.error({ err }, 'password reset mail failed')));
}

/** Sets the new password, ends every session, holds withdrawals and tells the user. Throws INVALID_LINK (400). */
export async function resetPassword(ctx: ServerContext, token: string, newPassword: string): Promise<void> {
  const now = ctx.now();
  const userId = await consumeEmailToken(ctx.db, token, 'reset_password', now);
  if (!userId) throw new AppError('INVALID_LINK', AuthMsg.resetInvalid);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  await setPassword(ctx, user!, newPassword, null, 'security.passwordReset');
}

/**
 * Password change from the security page, own account only: needs the current one; the
 * caller's session stays signed in and the activity row commits with the change.
 * Throws FORBIDDEN, WRONG_PASSWORD.
 */
export async function changePassword(
  ctx: ServerContext,
  caller: AuthContext,
  userId: number,
  change: { current: string; next: string },
  client: ClientInfo,
): Promise<void> {
  if (caller.userId !== userId) throw new AppError('FORBIDDEN', 'You can only change your own password');
  const user = await loadUserFor(ctx.db, caller, userId, 'write');
  if (!(await verifyPassword(user.passwordHash, change.current)))
    throw new AppError('WRONG_PASSWORD', ProfileMsg.wrongPassword);
  await setPassword(ctx, user, change.next, caller.sessionId, 'security.passwordChanged', {
    userId: caller.userId,
    action: 'Changed password',
    client,
    kind: 'security',
  });
}

async function setPassword(
  ctx: ServerContext,
  user: UserRow,
  next: string,
  keepSessionId: number | null,
  notice: 'security.passwordChanged' | 'security.passwordReset',
  activity?: Parameters<typeof recordActivity>[1],
): Promise<void> {
  const now = ctx.now();
  const s = await ctx.settings.get();
  const passwordHash = await hashPassword(next);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        securityHoldUntil: new Date(now.getTime() + s.securityHoldHours * 3_600_000),
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    // Whoever knew the old password is signed out everywhere else.
    await tx
      .delete(deviceSessions)
      .where(
        keepSessionId
          ? and(eq(deviceSessions.userId, user.id), ne(deviceSessions.id, keepSessionId))
          : eq(deviceSessions.userId, user.id),
      );
    // The security mail below is this notice's email copy, so the outbox sends none.
    await notifyUser(tx, {
      userId: user.id,
      notice: noticeOf(notice, {}),
      kind: 'security',
      email: false,
    });
    if (activity) await recordActivity(tx, activity);
  });
  await sendAccountMail(ctx, notice, user, `${await siteLinkBase(ctx)}/login`, notice);
}
