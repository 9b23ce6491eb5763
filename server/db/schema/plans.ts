import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PAYOUT_PERIODS } from '../../../contract/schedule';

export const payoutPeriod = pgEnum('payout_period', PAYOUT_PERIODS);

/**
 * Investment plans (contract/schedule.ts says how each option pays). The rate is stored exactly in basis
 * points (12.5% = 1250): the total return over the term, or of each payout when the plan is open-ended
 * (`termPeriods` null). Money in cents; the amount is fixed when the minimum equals the maximum.
 */
export const plans = pgTable(
  'plans',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    payoutPeriod: payoutPeriod('payout_period').notNull().default('daily'),
    /** Payouts in the term; null when open-ended. */
    termPeriods: integer('term_periods'),
    interestRateBp: integer('interest_rate_bp').notNull(),
    /** Cents paid each period instead of the rate (fixed-amount plans). */
    fixedPayout: bigint('fixed_payout', { mode: 'bigint' }),
    capitalReturned: boolean('capital_returned').notNull().default(true),
    /** The compounding percentages an investor may choose; both null when the plan does not compound. */
    compoundMinPercent: integer('compound_min_percent'),
    compoundMaxPercent: integer('compound_max_percent'),
    workingDaysOnly: boolean('working_days_only').notNull().default(false),
    /** Open-ended plans: payouts before the investor may end it, and the fee on principal when they do. */
    minLockPeriods: integer('min_lock_periods').notNull().default(0),
    exitFeeBp: integer('exit_fee_bp').notNull().default(0),
    /** Running investments one user may hold in the plan; null for no cap. */
    maxActivePerUser: integer('max_active_per_user'),
    minimumInvestment: bigint('minimum_investment', { mode: 'bigint' }).notNull(),
    maximumInvestment: bigint('maximum_investment', { mode: 'bigint' }).notNull(),
    benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
    bestFor: text('best_for').notNull().default(''),
    color: text('color').notNull().default('blue'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Archived plans take no new investments but stay for history. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plans_term_positive', sql`${t.termPeriods} is null or ${t.termPeriods} > 0`),
    check('plans_rate_positive', sql`${t.interestRateBp} > 0 or ${t.fixedPayout} is not null`),
    check('plans_fixed_payout_positive', sql`${t.fixedPayout} is null or ${t.fixedPayout} > 0`),
    check(
      'plans_compound_range',
      sql`(${t.compoundMinPercent} is null and ${t.compoundMaxPercent} is null) or (0 <= ${t.compoundMinPercent} and ${t.compoundMinPercent} <= ${t.compoundMaxPercent} and ${t.compoundMaxPercent} <= 100)`,
    ),
    check('plans_lock_nonnegative', sql`${t.minLockPeriods} >= 0`),
    check('plans_exit_fee_range', sql`${t.exitFeeBp} >= 0 and ${t.exitFeeBp} <= 10000`),
    check('plans_cap_positive', sql`${t.maxActivePerUser} is null or ${t.maxActivePerUser} > 0`),
    check('plans_min_positive', sql`${t.minimumInvestment} > 0`),
    check('plans_min_le_max', sql`${t.minimumInvestment} <= ${t.maximumInvestment}`),
  ],
);
