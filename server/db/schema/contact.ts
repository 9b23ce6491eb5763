import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages sent through the public contact form; staff read them in the back office. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** What became of the notice to the support address: sent, stored (no SMTP), failed, or none (no address known). */
    mailStatus: text('mail_status', { enum: ['sent', 'stored', 'failed', 'none'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    check(
      'contact_messages_lengths',
      sql`length(${t.name}) between 1 and 100 and length(${t.email}) between 3 and 254 and length(${t.message}) between 1 and 5000`,
    ),
  ],
);
