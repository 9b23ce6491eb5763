import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One row per logged-in device. Only the SHA-256 of the session token is stored. */
export const deviceSessions = pgTable(
  'device_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    deviceId: text('device_id').notNull(),
    device: text('device').notNull().default('Desktop'),
    browser: text('browser').notNull().default('Unknown'),
    os: text('os').notNull().default('Unknown'),
    ip: text('ip').notNull().default(''),
    location: text('location').notNull().default('Unknown'),
    countryCode: text('country_code').notNull().default('XX'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('device_sessions_user_idx').on(t.userId), index('device_sessions_expires_idx').on(t.expiresAt)],
);
