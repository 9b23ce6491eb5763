import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { journalEntries } from './ledger';
import { transactions } from './transactions';
import { users } from './users';

export const depositStatus = pgEnum('deposit_status', ['pending', 'review', 'settled', 'expired', 'invalid']);
/** `paying`: approved and handed to BTCPay as a payout; it settles or returns when BTCPay says it is done. */
export const withdrawalStatus = pgEnum('withdrawal_status', ['pending', 'paying', 'settled', 'invalid']);

/**
 * Money a user sends in. Credited (external_deposits -> available) exactly once, when it
 * becomes `settled`; the credit's journal entry is keyed by the deposit id.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: depositStatus('status').notNull().default('pending'),
    /** BTCPay invoice id: a settled invoice credits once however often it is reported. */
    invoiceId: text('invoice_id').unique(),
    invoiceUrl: text('invoice_url'),
    /** Set when credited. */
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    /** The staff member who approved or rejected it, when a person did. */
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The staff member who recorded a manual deposit that waits for a second staff member's approval. */
    requestedBy: bigint('requested_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    /** Why staff approved or rejected it, as the user is told; null when they gave none. */
    decisionReason: text('decision_reason'),
    /** `${userId}:${client key}`: a retried request never creates a second deposit. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deposits_user_created_idx').on(t.userId, t.createdAt),
    index('deposits_status_idx').on(t.status),
    // The staff list, newest first: read a page off the index instead of sorting every deposit.
    index('deposits_created_id_idx').on(t.createdAt, t.id),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Money a user takes out. The amount moves to the user's withdrawal_hold at request time,
 * so it can never be spent twice; approval pays it out (net to external_withdrawals, fee to
 * fees), rejection returns it to available.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** Where it is paid, copied at request time (a later profile change does not redirect it). */
    destination: text('destination').notNull(),
    status: withdrawalStatus('status').notNull().default('pending'),
    holdEntryId: bigint('hold_entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'restrict' }),
    /** The payout or the return of the hold. */
    settleEntryId: bigint('settle_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Why staff approved or rejected it, as the user is told; null when they gave none. */
    decisionReason: text('decision_reason'),
    /** A payout made by hand: its transaction hash or bank reference, shown on the receipt. */
    payoutReference: text('payout_reference'),
    idempotencyKey: text('idempotency_key').unique(),
    /** Which way the approval rules sent it (auto, staff, four-eyes) and the rule that decided; null before them. */
    approvalRoute: text('approval_route'),
    approvalRule: text('approval_rule'),
    /** A four-eyes withdrawal's first approval: it waits for a second, different staff member. */
    firstApprovedBy: bigint('first_approved_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    /** BTCPay's payout: its id (null until created), its state as BTCPay last said, the transaction that sent it. */
    payoutId: text('payout_id').unique(),
    /** The USD pull payment of exactly the net amount the payout is claimed from (one per withdrawal). */
    payoutPullPaymentId: text('payout_pull_payment_id'),
    payoutState: text('payout_state'),
    payoutTxid: text('payout_txid'),
    payoutLink: text('payout_link'),
    /** When it was handed to BTCPay: a payout still not done long after is stuck (Site Health warns). */
    payoutStartedAt: timestamp('payout_started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_user_created_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status),
    index('withdrawals_created_id_idx').on(t.createdAt, t.id),
    check('withdrawals_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} < ${t.amount}`),
  ],
);
