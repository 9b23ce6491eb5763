import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { transactionStatus, transactionType } from './transactions';

/**
 * Counts and sums of transactions per type and status, kept exact by statement triggers on
 * `transactions` (migration 0026): each statement that writes transactions appends its deltas here
 * in its own transaction, so the figures commit or roll back with the money movement. Appending
 * (never updating a shared row) keeps concurrent money movements from waiting on each other; the
 * totals-compaction job folds the deltas into one row per type and status. Read: sum by group.
 * The admin dashboard and the transactions list read totals here instead of counting millions of rows.
 */
export const transactionTotals = pgTable(
  'transaction_totals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: transactionType('type').notNull(),
    status: transactionStatus('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [index('transaction_totals_type_status_idx').on(t.type, t.status)],
);

/**
 * Row counts of the big append-mostly tables whose unfiltered lists page through them (activity
 * logs, return updates): deltas appended by statement triggers, folded by the same job.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tableName: text('table_name').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('row_counts_table_idx').on(t.tableName)],
);
