import { bigint, index, integer, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { investments } from './investments';
import { transactions } from './transactions';
import { users } from './users';

/** A referral bonus paid to an upline member for a referee's investment, per level. */
export const referralBonuses = pgTable(
  'referral_bonuses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    referrerId: bigint('referrer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    refereeId: bigint('referee_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    investmentId: bigint('investment_id', { mode: 'number' })
      .notNull()
      .references(() => investments.id, { onDelete: 'restrict' }),
    level: integer('level').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('referral_bonuses_investment_level_key').on(t.investmentId, t.level),
    index('referral_bonuses_referrer_idx').on(t.referrerId),
    index('referral_bonuses_referee_idx').on(t.refereeId),
  ],
);
