import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { SecurityHoldMsg, type SecurityHoldChange } from '../../../contract/users';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { ClientInfo } from '../../lib/client-info';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { recordActivity } from '../activity/service';
import { recordAudit, type AuditActor } from '../audit/service';
import { noticeOf } from '../notifications/messages';
import { notifyUser } from '../notifications/notify';
import { holdUntil } from './money-gate';

/**
 * An admin ends a user's running security hold now, or moves its end earlier (`until`), with a
 * reason: the change, its audit record, the user's notice and the admin's activity row commit
 * together. Throws NOT_FOUND, CONFLICT (no hold running) and VALIDATION_FAILED (`until` not
 * between now and the current end).
 */
export async function changeSecurityHold(
  db: Db,
  actor: AuditActor & { userId: number },
  id: number,
  change: SecurityHoldChange,
  now: Date,
  client: ClientInfo,
): Promise<{ securityHoldUntil: Date | null }> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user || user.deletedAt) throw notFound('User not found');
    const running = holdUntil(user, now);
    if (!running) throw new AppError('CONFLICT', SecurityHoldMsg.noHold);
    const until = change.until ? new Date(change.until) : null;
    if (until && (until <= now || until >= running))
      throw validationFailed(SecurityHoldMsg.untilRange, [{ field: 'until', message: SecurityHoldMsg.untilRange }]);
    await tx.update(users).set({ securityHoldUntil: until, updatedAt: now }).where(eq(users.id, id));
    await recordAudit(tx, actor, {
      action: until ? 'user.security_hold_shorten' : 'user.security_hold_end',
      targetType: 'user',
      targetId: id,
      before: { securityHoldUntil: running.toISOString() },
      after: { securityHoldUntil: until?.toISOString() ?? null, reason: change.reason },
    });
    await notifyUser(tx, {
      userId: id,
      notice: until
        ? noticeOf('security.holdShortened', { reason: change.reason, until: until.toISOString() })
        : noticeOf('security.holdEnded', { reason: change.reason }),
      kind: 'security',
      senderId: actor.userId,
    });
    await recordActivity(tx, {
      userId: actor.userId,
      action: `${until ? 'Shortened' : 'Ended'} the security hold of user ${id}`,
      client,
    });
    return { securityHoldUntil: until };
  });
}

/**
 * The hold setting went down from `fromHours` to `toHours`: every hold still running ends that
 * much earlier, as if it had started under the new setting (a hold that would have ended by
 * now is over at once).
 */
export async function shortenRunningHolds(db: DbOrTx, fromHours: number, toHours: number, now: Date): Promise<void> {
  if (toHours >= fromHours) return;
  await db
    .update(users)
    .set({ securityHoldUntil: sql`${users.securityHoldUntil} - make_interval(hours => ${fromHours - toHours})` })
    .where(and(isNotNull(users.securityHoldUntil), gt(users.securityHoldUntil, now)));
}
