import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/** What raised a notice; `security` notices are always emailed as well. */
export type NotificationKind =
  'staff' | 'deposit' | 'withdrawal' | 'investment' | 'referral' | 'security' | 'support' | 'kyc';

/**
 * The email and Telegram copies a user's preferences ask for, queued in the outbox for the
 * delivery job. `notices` is a SQL set of (id, recipient_id, kind) rows, so one statement
 * serves a single notice, a broadcast and a batch of the accrual alike. Security notices are
 * emailed whatever the preference says.
 */
export function queueDeliveriesSql(notices: ReturnType<typeof sql>, opts: { email?: boolean } = {}) {
  // One pass over the notices, each user's two channels decided side by side (a single join
  // plans faster than a union of two, which matters on the hot money paths).
  return sql`
    insert into notification_deliveries (notification_id, user_id, channel)
    select n.id, u.id, c.channel
    from (${notices}) n
    join users u on u.id = n.recipient_id and u.deleted_at is null
    left join telegram_links t on t.user_id = u.id and t.chat_id is not null
    cross join lateral (values
      ('email', ${opts.email === false ? sql`false` : sql`true`} and (u.email_notifications or n.kind = 'security')),
      ('telegram', u.telegram_notifications and t.user_id is not null)
    ) as c(channel, wanted)
    where c.wanted
    on conflict do nothing`;
}

/**
 * Tells one user about an event. Call it inside the transaction of the event itself, so a
 * rolled-back deposit never leaves a "deposit settled" notice behind. Delivery by email or
 * Telegram happens after commit, from the outbox rows written here.
 */
export async function notifyUser(
  db: DbOrTx,
  n: {
    userId: number;
    message: string;
    kind: NotificationKind;
    senderId?: number | null;
    /** false when the flow mails its own notice (password change). */ email?: boolean;
  },
): Promise<number> {
  // The notice and its outbox rows in one statement: one round trip inside the event's transaction.
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`with notice as (
          insert into notifications (recipient_id, message, kind, sender_id)
          values (${n.userId}, ${n.message.slice(0, 2000)}, ${n.kind}, ${n.senderId ?? null})
          returning id, recipient_id, kind
        ), queued as (${queueDeliveriesSql(sql`select id, recipient_id, kind from notice`, { email: n.email })})
        select id from notice`,
  );
  return Number(row!.id);
}
