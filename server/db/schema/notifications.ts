import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per message. `recipientId` null is a broadcast, stored once; who has read it is
 * kept per user in `notification_reads`, so one reader never marks it read for anyone else.
 * A broadcast reaches users who registered before it, or everyone when `includeLaterUsers`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipientId: bigint('recipient_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /** What raised it: `staff` (sent by a person) or the event, e.g. `deposit`, `security`. */
    kind: text('kind').notNull().default('staff'),
    /** The staff member who sent it; null for the platform's own event notices. */
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    includeLaterUsers: boolean('include_later_users').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt),
    index('notifications_broadcast_created_idx').on(t.createdAt).where(sql`${t.recipientId} is null`),
    check('notifications_message_length', sql`length(${t.message}) between 1 and 2000`),
  ],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);
