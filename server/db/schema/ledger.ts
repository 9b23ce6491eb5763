import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const ledgerAccountKind = pgEnum('ledger_account_kind', [
  'available',
  'invested',
  'withdrawal_hold',
  'external_deposits',
  'external_withdrawals',
  'interest_expense',
  'referral_expense',
  'fees',
  'retained_principal',
]);

/**
 * Every account money can sit in. User accounts (user_id set) carry a cached balance that
 * can never go negative; platform accounts (user_id null) are the sum of their postings,
 * computed when asked, so no single hot row serialises the platform (DESIGN.md §4).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    kind: ledgerAccountKind('kind').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind_key')
      .on(t.userId, t.kind)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_platform_kind_key')
      .on(t.kind)
      .where(sql`${t.userId} is null`),
    check('ledger_accounts_user_balance_nonnegative', sql`${t.userId} is null or ${t.balance} >= 0`),
    check('ledger_accounts_platform_no_cached_balance', sql`${t.userId} is not null or ${t.balance} = 0`),
  ],
);

/** One business event. The idempotency key makes a retried request return the first result. */
export const journalEntries = pgTable('journal_entries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  kind: text('kind').notNull(),
  description: text('description').notNull().default(''),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Signed cents moved into (+) or out of (−) an account; every entry's postings sum to zero. */
export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'restrict' }),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('postings_entry_idx').on(t.entryId),
    index('postings_account_idx').on(t.accountId),
    check('postings_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);
