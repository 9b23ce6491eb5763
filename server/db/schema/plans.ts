import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Investment plans. The rate is the total return in percent over `durationDays`, stored
 * exactly in basis points (12.5% = 1250); limits in cents.
 */
export const plans = pgTable(
  'plans',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    durationDays: integer('duration_days').notNull(),
    interestRateBp: integer('interest_rate_bp').notNull(),
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
    check('plans_duration_positive', sql`${t.durationDays} > 0`),
    check('plans_rate_positive', sql`${t.interestRateBp} > 0`),
    check('plans_min_positive', sql`${t.minimumInvestment} > 0`),
    check('plans_min_le_max', sql`${t.minimumInvestment} <= ${t.maximumInvestment}`),
  ],
);
