import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { journalEntries } from './ledger';
import { plans } from './plans';
import { transactions } from './transactions';
import { users } from './users';

export const investmentStatus = pgEnum('investment_status', ['running', 'ended', 'cancelled']);

/**
 * A principal locked in a plan. Terms are copied from the plan at the start, so editing a
 * plan never changes what a running investment pays.
 */
export const investments = pgTable(
  'investments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planId: bigint('plan_id', { mode: 'number' })
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    interestRateBp: integer('interest_rate_bp').notNull(),
    durationDays: integer('duration_days').notNull(),
    /** round_half_even(principal × rate), fixed at the start; the daily payouts sum to exactly this. */
    totalReturn: bigint('total_return', { mode: 'bigint' }).notNull(),
    paidDays: integer('paid_days').notNull().default(0),
    paidAmount: bigint('paid_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: investmentStatus('status').notNull().default('running'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('investments_user_idx').on(t.userId),
    index('investments_plan_status_idx').on(t.planId, t.status),
    index('investments_running_idx')
      .on(t.id)
      .where(sql`${t.status} = 'running'`),
    check('investments_principal_positive', sql`${t.principal} > 0`),
    check('investments_paid_days_range', sql`${t.paidDays} >= 0 and ${t.paidDays} <= ${t.durationDays}`),
  ],
);

/** One daily payout of one investment (spec §3 Return update); a day is never paid twice. */
export const returnUpdates = pgTable(
  'return_updates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    investmentId: bigint('investment_id', { mode: 'number' })
      .notNull()
      .references(() => investments.id, { onDelete: 'restrict' }),
    dayIndex: integer('day_index').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    payoutDate: timestamp('payout_date', { withTimezone: true }).notNull(),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('return_updates_investment_day_key').on(t.investmentId, t.dayIndex),
    index('return_updates_created_idx').on(t.createdAt),
  ],
);
