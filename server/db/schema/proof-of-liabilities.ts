import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Each user's secret salt of the proof of liabilities (32 random bytes as 64 hex digits), shown only
 * to them: their commitment, SHA-256("user|" + salt + "|" + id), names their leaf in every snapshot
 * without telling anyone else whose leaf it is. Made with the user (a trigger of migration 0028),
 * so every user always has one; never changed, or their older proofs would no longer verify.
 */
export const liabilitySalts = pgTable(
  'liability_salts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
  },
  (t) => [check('liability_salts_salt_hex', sql`${t.salt} ~ '^[0-9a-f]{64}$'`)],
);

/**
 * A published proof of liabilities: the root of the Merkle sum tree over every user's balance at
 * one instant (contract/proof-of-liabilities-tree.ts). Append-only, like its leaves: a published
 * root is never changed, only followed by newer ones.
 */
export const liabilitySnapshots = pgTable(
  'liability_snapshots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    rootHash: text('root_hash').notNull(),
    totalCents: bigint('total_cents', { mode: 'bigint' }).notNull(),
    leafCount: integer('leaf_count').notNull(),
    /**
     * Journal entries the snapshot's transaction saw: while the ledger still holds exactly these,
     * no money has moved since, and ledger:verify holds the leaves to the users' balances.
     */
    entryCount: bigint('entry_count', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('liability_snapshots_root_hex', sql`${t.rootHash} ~ '^[0-9a-f]{64}$'`),
    check('liability_snapshots_total_nonnegative', sql`${t.totalCents} >= 0`),
    check('liability_snapshots_leaf_count_nonnegative', sql`${t.leafCount} >= 0`),
  ],
);

/**
 * The leaves of a snapshot in tree order (by commitment). `user_id` is only for the server to find
 * an investor's own leaf; it is never sent to anyone else. It has no foreign key on purpose: a
 * snapshot keeps its leaves as they were, even of an account removed since.
 */
export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => liabilitySnapshots.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    commitment: text('commitment').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'bigint' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.position] }),
    uniqueIndex('liability_leaves_snapshot_user_key').on(t.snapshotId, t.userId),
    check('liability_leaves_balance_nonnegative', sql`${t.balanceCents} >= 0`),
    check('liability_leaves_position_nonnegative', sql`${t.position} >= 0`),
  ],
);
