import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgEnum, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { journalEntries } from './ledger';
import { payoutPeriod, plans } from './plans';
import { transactions } from './transactions';
import { users } from './users';

export const investmentStatus = pgEnum('investment_status', ['running', 'ended', 'cancelled']);

/**
 * A principal locked in a plan. Terms are copied from the plan at the start, so editing a
 * plan never changes what a running investment pays; the position (principal with what it compounded,
 * payouts made, last boundary, carry) is contract/schedule.ts's `Position`, and `next_payout_at` says
 * when the accrual job pays it next.
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
    /** What the investor put in. */
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    /** Added to the principal by compounding since: the payouts earn on principal + compounded. */
    compounded: bigint('compounded', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payoutPeriod: payoutPeriod('payout_period').notNull().default('daily'),
    interestRateBp: integer('interest_rate_bp').notNull(),
    /** Payouts in the term; null when open-ended. */
    termPeriods: integer('term_periods'),
    fixedPayout: bigint('fixed_payout', { mode: 'bigint' }),
    capitalReturned: boolean('capital_returned').notNull().default(true),
    workingDaysOnly: boolean('working_days_only').notNull().default(false),
    compoundMinPercent: integer('compound_min_percent'),
    compoundMaxPercent: integer('compound_max_percent'),
    /** Compounding grows the principal up to this (the plan's maximum investment at the start). */
    principalCap: bigint('principal_cap', { mode: 'bigint' }).notNull(),
    /** The share of each payout added to the principal, chosen by the investor. */
    compoundPercent: integer('compound_percent').notNull().default(0),
    minLockPeriods: integer('min_lock_periods').notNull().default(0),
    exitFeeBp: integer('exit_fee_bp').notNull().default(0),
    /**
     * What a fixed term returns in all by the schedule, with the compounding chosen (set at the start and on
     * every compounding change; the accrual pays exactly it); null when open-ended.
     */
    totalReturn: bigint('total_return', { mode: 'bigint' }),
    paidPeriods: integer('paid_periods').notNull().default(0),
    /** The boundary of the last payout (0 before the first). */
    lastBoundary: integer('last_boundary').notNull().default(0),
    /** Σ(T mod term) over the payouts made, settled by the last one (contract/schedule.ts). */
    carry: bigint('carry', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** When the next payout is due; null once none is (term complete, ended, cancelled). */
    nextPayoutAt: timestamp('next_payout_at', { withTimezone: true }),
    paidAmount: bigint('paid_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: investmentStatus('status').notNull().default('running'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    /** When the last payout was due at the start (fixed terms); null when open-ended. */
    endDate: timestamp('end_date', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('investments_user_idx').on(t.userId),
    // Per-plan figures (principal per plan and status) read from the index alone.
    index('investments_plan_status_principal_idx').on(t.planId, t.status, t.principal),
    // Distinct running investors per plan (the plan cards), from the index alone.
    index('investments_running_plan_user_idx')
      .on(t.planId, t.userId)
      .where(sql`${t.status} = 'running'`),
    index('investments_created_id_idx').on(t.createdAt, t.id),
    // Distinct investors with a running investment (the staff investment cards), grouped off the index.
    index('investments_running_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'running'`),
    index('investments_running_idx')
      .on(t.id)
      .where(sql`${t.status} = 'running'`),
    index('investments_due_idx')
      .on(t.nextPayoutAt)
      .where(sql`${t.status} = 'running'`),
    check('investments_principal_positive', sql`${t.principal} > 0`),
    check('investments_compounded_nonnegative', sql`${t.compounded} >= 0`),
    check(
      'investments_paid_periods_range',
      sql`${t.paidPeriods} >= 0 and (${t.termPeriods} is null or ${t.paidPeriods} <= ${t.termPeriods})`,
    ),
    check('investments_compound_percent_range', sql`${t.compoundPercent} >= 0 and ${t.compoundPercent} <= 100`),
  ],
);

/**
 * One payout of one investment (spec §3 Return update); a payout is never made twice. `day_index` is the
 * payout's number (a day's for daily plans); `compounded` the part of `amount` added to the principal.
 */
export const returnUpdates = pgTable(
  'return_updates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    investmentId: bigint('investment_id', { mode: 'number' })
      .notNull()
      .references(() => investments.id, { onDelete: 'restrict' }),
    dayIndex: integer('day_index').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    compounded: bigint('compounded', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
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
    // The payouts list newest first, and the returns chart's sums over a range, from the index alone.
    index('return_updates_payout_idx').on(t.payoutDate, t.id, t.amount),
  ],
);
