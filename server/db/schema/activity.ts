import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Page visits and security events, per user (spec §3 Activity log). */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    /** A sign-in or security change, another account action, or a page the user opened. */
    kind: text('kind', { enum: ['security', 'action', 'page_view'] })
      .notNull()
      .default('action'),
    method: text('method').notNull().default(''),
    path: text('path').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    browser: text('browser').notNull().default('Unknown'),
    os: text('os').notNull().default('Unknown'),
    device: text('device').notNull().default('Desktop'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_logs_user_created_idx').on(t.userId, t.createdAt),
    index('activity_logs_created_idx').on(t.createdAt),
  ],
);
