import { bigint, index, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { journalEntries } from './ledger';
import { users } from './users';

export const transactionType = pgEnum('transaction_type', [
  'deposit',
  'manual_deposit',
  'withdrawal',
  'investment',
  'return',
  'principal_release',
  'referral_bonus',
  'adjustment',
  'compound',
  'principal_retained',
  'exit_fee',
]);
export const transactionStatus = pgEnum('transaction_status', ['pending', 'completed', 'failed', 'cancelled']);

/** The user-facing record of a money event (spec §3 Transaction/order), tied to its journal entry. */
export const transactions = pgTable(
  'transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    referenceNumber: text('reference_number').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: transactionType('type').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    status: transactionStatus('status').notNull(),
    paymentMethod: text('payment_method'),
    description: text('description').notNull().default(''),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    index('transactions_status_idx').on(t.status),
    index('transactions_created_idx').on(t.createdAt),
  ],
);
