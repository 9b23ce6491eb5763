import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /**
     * What it says, as a key of the catalogue in modules/notifications/messages.ts and its
     * parameters (cents as decimal strings), worded when it is read or sent: rewording or
     * translating a notice changes no stored row. Words a person typed are key `text`.
     */
    key: text('key').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** What raised it: `staff` (sent by a person) or the event, e.g. `deposit`, `security`. */
    kind: text('kind').notNull().default('staff'),
    /** The staff member who sent it; null for the platform's own event notices. */
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    includeLaterUsers: boolean('include_later_users').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt),
    index('notifications_broadcast_created_idx')
      .on(t.createdAt)
      .where(sql`${t.recipientId} is null`),
    check('notifications_text_length', sql`${t.key} <> 'text' or length(${t.params} ->> 'text') between 1 and 2000`),
    // The staff table lists every notice newest first.
    index('notifications_created_idx').on(t.createdAt, t.id),
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
  (t) => [
    primaryKey({ columns: [t.userId, t.notificationId] }),
    // "How many users read this broadcast" for the staff table.
    index('notification_reads_notification_idx').on(t.notificationId),
  ],
);

/**
 * The outbox of email and Telegram copies, written by notifyUser in the event's own
 * transaction and sent after commit by the delivery job: a mail server that is down never
 * fails a deposit, and a rolled-back event never mails anyone.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'telegram'] }).notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_deliveries_once_key').on(t.notificationId, t.userId, t.channel),
    index('notification_deliveries_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A user's link to the platform's Telegram bot: a one-time code until the bot sees `/start <code>`, then the
 * chat id.
 */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    chatId: text('chat_id'),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('telegram_links_code_key').on(t.code)],
);

/**
 * Where each bot's `getUpdates` reading stands: the id after the last update handled, shared by
 * every instance and kept across restarts. `bot` is a SHA-256 of the API URL and token, never the token.
 */
export const telegramPollState = pgTable('telegram_poll_state', {
  bot: text('bot').primaryKey(),
  nextOffset: bigint('next_offset', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Browsers and systems a user has signed in from, so a login from a new one raises a security notice. */
export const loginDevices = pgTable(
  'login_devices',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Browser and operating system, e.g. `Chrome/Linux`. */
    device: text('device').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
);
