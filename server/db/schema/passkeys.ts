import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's passkeys (WebAuthn credentials): the public key the authenticator made, and the
 * signature counter it last reported (a counter that does not grow betrays a cloned key).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it; one credential belongs to one account. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** The WebAuthn user handle (base64url) the authenticator keeps with it: random, one per user. */
    userHandle: text('user_handle').notNull(),
    name: text('name').notNull(),
    /** singleDevice or multiDevice (synced), and whether it is backed up, as the authenticator said. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId), check('passkeys_counter_non_negative', sql`${t.counter} >= 0`)],
);

export const passkeyChallengePurpose = pgEnum('passkey_challenge_purpose', ['register', 'sign_in', 'confirm']);

/**
 * WebAuthn challenges handed out and not yet answered: single use, short-lived, kept in the
 * database so any instance can check the answer. Only the SHA-256 of the challenge is stored.
 * A sign-in challenge belongs to nobody yet (the passkey names its account); the others to
 * the signed-in user they were issued to.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purpose: passkeyChallengePurpose('purpose').notNull(),
    challengeHash: text('challenge_hash').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    /** A registration's user handle, the one the options gave the authenticator, stored with the passkey. */
    userHandle: text('user_handle'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('passkey_challenges_expires_idx').on(t.expiresAt),
    check('passkey_challenges_owner', sql`(${t.purpose} = 'sign_in') = (${t.userId} is null)`),
  ],
);
