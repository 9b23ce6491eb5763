import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's conversation with the platform's staff. One open conversation per user at a time
 * (a partial unique index); closing it keeps the history, and staff can reopen it.
 * The read markers hold the last message id each side has seen, so unread counts are a
 * range count over the messages index.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    userReadUpTo: bigint('user_read_up_to', { mode: 'number' }).notNull().default(0),
    staffReadUpTo: bigint('staff_read_up_to', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('support_conversations_user_idx').on(t.userId),
    index('support_conversations_last_idx').on(t.lastMessageAt),
    uniqueIndex('support_conversations_one_open_key')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: ['user', 'staff'] }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    check('support_messages_body_length', sql`length(${t.body}) between 1 and 2000`),
  ],
);
