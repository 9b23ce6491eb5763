import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

/** What raised a notice; `security` notices are always emailed as well. */
export type NotificationKind = 'staff' | 'deposit' | 'withdrawal' | 'investment' | 'referral' | 'security' | 'support' | 'kyc';

/**
 * Tells one user about an event. Call it inside the transaction of the event itself, so a
 * rolled-back deposit never leaves a "deposit settled" notice behind. Delivery by email or
 * Telegram happens after commit, from the stored row.
 */
export async function notifyUser(db: DbOrTx, n: { userId: number; message: string; kind: NotificationKind; senderId?: number | null }): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({ recipientId: n.userId, message: n.message.slice(0, 2000), kind: n.kind, senderId: n.senderId ?? null })
    .returning({ id: notifications.id });
  return row!.id;
}
