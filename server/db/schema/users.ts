import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['user', 'admin', 'moderator']);
/** An admin's decision alone: may this account be used. Email confirmation is `isEmailVerified`, apart. */
export const userStatus = pgEnum('user_status', ['active', 'suspended']);

/** People who log in, with their profile, payout details and security state. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull().default('user'),
    status: userStatus('status').notNull().default('active'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    maxDevices: integer('max_devices').notNull().default(2),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    dateOfBirth: date('date_of_birth'),
    profileImage: text('profile_image'),
    hasCompletedOnboarding: boolean('has_completed_onboarding').notNull().default(false),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** The language the person chose (contract/locales.ts); null: the browser's, and English in mail. */
    locale: text('locale'),
    telegramNotifications: boolean('telegram_notifications').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** TOTP secret, encrypted with the app secret; set at setup, active once twoFactorEnabled. */
    twoFactorSecret: text('two_factor_secret'),
    /** Last TOTP time step accepted: a code is never accepted twice. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    referrerId: bigint('referrer_id', { mode: 'number' }).references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    btcWalletAddress: text('btc_wallet_address').notNull().default(''),
    ethWalletAddress: text('eth_wallet_address').notNull().default(''),
    bankAccountHolder: text('bank_account_holder').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccountNumber: text('bank_account_number').notNull().default(''),
    bankSwift: text('bank_swift').notNull().default(''),
    /** Withdrawals are refused until then, after a password reset, 2FA or email change. */
    securityHoldUntil: timestamp('security_hold_until', { withTimezone: true }),
    registrationIp: text('registration_ip').notNull().default(''),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_user_name_lower_key').on(sql`lower(${t.userName})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_referrer_idx').on(t.referrerId),
    // Counts of users (not deleted) by sign-up time, from the index alone: the dashboard and its growth chart.
    index('users_live_created_idx')
      .on(t.createdAt)
      .where(sql`${t.deletedAt} is null`),
    // Staff search (a substring of any of these, ILIKE '%…%'): trigram indexes (pg_trgm, migration 0026).
    index('users_user_name_trgm_idx').using('gin', t.userName.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_first_name_trgm_idx').using('gin', t.firstName.op('gin_trgm_ops')),
    index('users_last_name_trgm_idx').using('gin', t.lastName.op('gin_trgm_ops')),
  ],
);
