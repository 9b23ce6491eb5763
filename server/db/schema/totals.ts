import { bigint, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { investmentStatus } from './investments';
import { transactionStatus, transactionType } from './transactions';

/**
 * Counts and sums of transactions per day, type and status, kept exact by statement triggers on
 * `transactions` (migration 0026): each statement that writes transactions appends its deltas here
 * in its own transaction, so the figures commit or roll back with the money movement. Appending
 * (never updating a shared row) keeps concurrent money movements from waiting on each other; the
 * totals-compaction job folds the deltas into one row per day, type and status. Read: sum by group.
 * The admin dashboard, its money chart and the transactions list read totals here instead of
 * counting or summing millions of rows.
 */
export const transactionTotals = pgTable(
  'transaction_totals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The UTC day the transactions were created (the app's sessions run in UTC: server/db/client.ts). */
    day: date('day', { mode: 'string' }).notNull(),
    type: transactionType('type').notNull(),
    status: transactionStatus('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('transaction_totals_type_status_idx').on(t.type, t.status),
    index('transaction_totals_day_idx').on(t.day),
  ],
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

/**
 * Investments' counts and sums per plan and status (principal as invested, returns paid), kept like
 * transaction_totals by statement triggers on `investments` (migration 0027): the admin dashboard,
 * plan figures and charts read a few rows instead of every investment.
 */
export const investmentTotals = pgTable(
  'investment_totals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    status: investmentStatus('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull(),
  },
  (t) => [index('investment_totals_plan_status_idx').on(t.planId, t.status)],
);

/**
 * The sum of every user account's cached balance (what users hold on the platform), kept by a
 * statement trigger on `ledger_accounts` (migration 0027) in the transaction of each posting.
 */
export const userBalanceTotals = pgTable('user_balance_totals', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
});
