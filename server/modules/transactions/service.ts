import { z } from 'zod';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  TransactionMsg,
  type TransactionListQuery,
  type TransactionReceipt,
  type TransactionRow as TransactionListRow,
} from '../../../contract/funds';
import type { SiteSettings } from '../../../contract/settings';
import type { Page, PageQuery } from '../../../contract/pagination';
import { perDatabase, type Db, type DbOrTx } from '../../db/client';
import { idNumber, rowsOf } from '../../db/rows';
import { deposits, transactionTotals, transactions, users, withdrawals } from '../../db/schema';
import { readableUserId, type AuthContext } from '../../lib/auth-context';
import type { ClientInfo } from '../../lib/client-info';
import { AppError, notFound } from '../../lib/errors';
import { countWhere, paged } from '../../lib/paging';
import { recordActivity } from '../activity/service';
import type { AuditActor } from '../audit/service';
import { paymentInstructions } from '../deposits/instructions';
import { decideDeposit } from '../deposits/service';
import { decideWithdrawal, type DecisionNote } from '../withdrawals/service';
import { insertTransactionsSql } from './insert';
import { REFERENCE_PATTERN } from './reference';
import { toTransactionView } from './view';

const createdRow = z.object({ id: idNumber, reference_number: z.string() });

export type TransactionType = (typeof transactions.$inferInsert)['type'];
export type TransactionStatus = (typeof transactions.$inferInsert)['status'];
export type TransactionRow = typeof transactions.$inferSelect;

export interface NewTransaction {
  userId: number;
  type: TransactionType;
  amount: bigint;
  currency?: string;
  status: TransactionStatus;
  paymentMethod?: string | null;
  description?: string;
  journalEntryId?: number | null;
  createdBy?: number | null;
  /** A reference drawn beforehand with `newReference` (e.g. already sent to a payment processor). */
  referenceNumber?: string;
  now: Date;
}

/** Records the user-facing transaction of a money event; call it in the same database transaction as `ledger.post`. */
export async function recordTransaction(tx: DbOrTx, t: NewTransaction): Promise<TransactionRow> {
  const row: Omit<TransactionRow, 'id' | 'referenceNumber'> = {
    userId: t.userId,
    type: t.type,
    amount: t.amount,
    currency: t.currency ?? 'USD',
    status: t.status,
    paymentMethod: t.paymentMethod ?? null,
    description: t.description ?? '',
    journalEntryId: t.journalEntryId ?? null,
    createdBy: t.createdBy ?? null,
    createdAt: t.now,
    updatedAt: t.now,
  };
  const at = t.now.toISOString();
  // A reference collision (60 random bits) is astronomically rare; ON CONFLICT keeps the
  // surrounding transaction alive so a fresh reference can be tried.
  for (let attempt = 0; attempt < 5; attempt++) {
    const insert = insertTransactionsSql({
      referenceNumber: attempt === 0 && t.referenceNumber ? sql`${t.referenceNumber}` : undefined,
      userId: sql`${row.userId}::bigint`,
      type: sql`${row.type}`,
      amount: sql`${row.amount}::bigint`,
      currency: sql`${row.currency}`,
      status: sql`${row.status}`,
      paymentMethod: sql`${row.paymentMethod}`,
      description: sql`${row.description}`,
      journalEntryId: sql`${row.journalEntryId}::bigint`,
      createdBy: sql`${row.createdBy}::bigint`,
      createdAt: sql`${at}::timestamptz`,
      updatedAt: sql`${at}::timestamptz`,
    });
    const [created] = await rowsOf(
      tx,
      createdRow,
      sql`${insert} on conflict (reference_number) do nothing returning id, reference_number`,
    );
    if (created) return { id: created.id, referenceNumber: created.reference_number, ...row };
  }
  throw new Error('could not allocate a unique reference number');
}

/**
 * What a list row shows: the transaction, its owner's user name, and the deposit's or
 * withdrawal's status (the one people read).
 */
const listColumns = {
  t: transactions,
  userName: users.userName,
  depositStatus: deposits.status,
  withdrawalStatus: withdrawals.status,
};

/** What the order page shows besides: where a deposit is paid, what staff said, the payout's trace. */
const receiptColumns = {
  ...listColumns,
  depositInvoice: deposits.invoiceId,
  depositReason: deposits.decisionReason,
  withdrawalReason: withdrawals.decisionReason,
  payoutReference: withdrawals.payoutReference,
  payoutState: withdrawals.payoutState,
  payoutTxid: withdrawals.payoutTxid,
  payoutLink: withdrawals.payoutLink,
};

/** Each transaction's owner, and the deposit or withdrawal it is (if it is one). */
const owner = eq(users.id, transactions.userId);
const itsDeposit = eq(deposits.transactionId, transactions.id);
const itsWithdrawal = eq(withdrawals.transactionId, transactions.id);

/**
 * Transactions as lists show them. A page of them is most of an investor's history screen,
 * which fetched and mapped the order page's columns too (`withReceipt`: 7 of its 23).
 */
const listed = (db: DbOrTx) =>
  db
    .select(listColumns)
    .from(transactions)
    .innerJoin(users, owner)
    .leftJoin(deposits, itsDeposit)
    .leftJoin(withdrawals, itsWithdrawal);

/** Transactions as the order page shows them. */
const withReceipt = (db: DbOrTx) =>
  db
    .select(receiptColumns)
    .from(transactions)
    .innerJoin(users, owner)
    .leftJoin(deposits, itsDeposit)
    .leftJoin(withdrawals, itsWithdrawal);

type ListedRow = Awaited<ReturnType<ReturnType<typeof listed>['where']>>[number];

const toListRow = (r: ListedRow): TransactionListRow => ({
  ...toTransactionView(r.t, r.depositStatus ?? r.withdrawalStatus ?? r.t.status),
  userName: r.userName,
});

/** One page of the transactions `where` selects, newest first. */
const pageOfTransactions = (
  db: DbOrTx,
  where: SQL | undefined,
  q: PageQuery,
  total = () => countWhere(db, transactions, where),
): Promise<Page<TransactionListRow>> =>
  paged(q, total, async (limit, offset) =>
    (
      await listed(db)
        .where(where)
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(limit)
        .offset(offset)
    ).map(toListRow),
  );

const filters = (q: TransactionListQuery) => [
  q.status ? eq(transactions.status, q.status) : undefined,
  q.type ? eq(transactions.type, q.type) : undefined,
];

/** Every transaction (the admin list), filtered by status and type. */
export function listTransactions(db: DbOrTx, q: PageQuery & TransactionListQuery): Promise<Page<TransactionListRow>> {
  return pageOfTransactions(db, and(...filters(q)), q, () => countByTotals(db, q));
}

/**
 * How many transactions have the status and type asked (any when absent), from transaction_totals
 * (kept exact by triggers, migration 0026) rather than counting millions of rows.
 */
async function countByTotals(db: DbOrTx, q: TransactionListQuery): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | null>`sum(${transactionTotals.n})` })
    .from(transactionTotals)
    .where(
      and(
        q.status ? eq(transactionTotals.status, q.status) : undefined,
        q.type ? eq(transactionTotals.type, q.type) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** A user's transactions: own, or any for staff (403 otherwise, 404 when unknown). */
export async function listUserTransactions(
  db: Db,
  caller: AuthContext,
  userId: number,
  q: PageQuery & TransactionListQuery,
): Promise<Page<TransactionListRow>> {
  const id = await readableUserId(db, caller, userId);
  const query = userTransactionPages(db)(q.status !== undefined, q.type !== undefined);
  const values = { userId: id, status: q.status, type: q.type };
  return paged(
    q,
    async () => (await query.count.execute(values))[0]?.n ?? 0,
    async (limit, offset) => (await query.page.execute({ ...values, limit, offset })).map(toListRow),
  );
}

/**
 * A user's transactions page and its total as prepared queries, one pair per combination of
 * filters: every investor's history reads them, and building this many-column join was most
 * of the request's cost.
 */
const userTransactionPages = perDatabase((db) => {
  const prepare = (status: boolean, type: boolean) => {
    const where = and(
      eq(transactions.userId, sql.placeholder('userId')),
      status ? eq(transactions.status, sql.placeholder('status')) : undefined,
      type ? eq(transactions.type, sql.placeholder('type')) : undefined,
    );
    const name = `user_transactions${status ? '_status' : ''}${type ? '_type' : ''}`;
    return {
      count: db.select({ n: count() }).from(transactions).where(where).prepare(`${name}_count`),
      page: listed(db)
        .where(where)
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`${name}_page`),
    };
  };
  const byFilters = [prepare(false, false), prepare(true, false), prepare(false, true), prepare(true, true)];
  return (status: boolean, type: boolean) => byFilters[Number(status) + 2 * Number(type)]!;
});

/**
 * The order page: a transaction by reference, own or any for staff, with what staff said when they decided its
 * deposit or withdrawal (reason, payout reference). Someone else's answers like an unknown one (404).
 */
export async function transactionByReference(
  db: DbOrTx,
  settings: SiteSettings,
  caller: AuthContext,
  ref: string,
): Promise<TransactionReceipt> {
  const wanted = ref.trim().toUpperCase();
  if (!REFERENCE_PATTERN.test(wanted)) throw notFound(TransactionMsg.notFound);
  const [row] = await withReceipt(db).where(eq(transactions.referenceNumber, wanted));
  if (!row || (row.t.userId !== caller.userId && caller.role === 'user')) throw notFound(TransactionMsg.notFound);
  // A deposit still waiting to be paid, outside BTCPay: say where to pay it.
  const unpaid = row.depositStatus === 'pending' && !row.depositInvoice;
  return {
    ...toListRow(row),
    paymentInstructions: unpaid
      ? await paymentInstructions(settings, row.t.paymentMethod ?? '', row.t.referenceNumber)
      : null,
    decisionReason: row.depositReason ?? row.withdrawalReason,
    payoutReference: row.payoutReference,
    payout: row.payoutState ? { state: row.payoutState, txid: row.payoutTxid, link: row.payoutLink } : null,
  };
}

/**
 * An admin sets a transaction's status. Only a pending deposit or withdrawal changes, to
 * completed (settled) or failed (invalid), and its money moves with it through the deposit or
 * withdrawal decision; the audit record is filed under the transaction, and the activity row
 * commits in the same transaction. Setting any other transaction to its own status changes
 * nothing. Throws NOT_FOUND, TRANSITION_REFUSED and the decisions' errors.
 */
export async function setTransactionStatus(
  db: Db,
  id: number,
  to: TransactionStatus,
  staff: { actor: AuditActor; client: ClientInfo; now: Date } & DecisionNote,
): Promise<TransactionListRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(transactions).where(eq(transactions.id, id));
    if (!current) throw notFound(TransactionMsg.notFound);
    const decision = to === 'completed' ? 'settled' : to === 'failed' ? 'invalid' : null;
    // One audit record, filed under the transaction the admin changed.
    const as = {
      actor: staff.actor,
      as: { action: 'transaction.update', targetType: 'transaction', targetId: id },
      reason: staff.reason,
    };
    if (current.type === 'deposit' || current.type === 'withdrawal') {
      if (current.status !== 'pending' || !decision)
        throw new AppError('TRANSITION_REFUSED', TransactionMsg.transitionRefused(current.status, to));
      if (current.type === 'deposit') {
        const [d] = await tx.select({ id: deposits.id }).from(deposits).where(eq(deposits.transactionId, id));
        await decideDeposit(tx, d!.id, decision, as, staff.now);
      } else {
        const [w] = await tx
          .select({ id: withdrawals.id, route: withdrawals.approvalRoute })
          .from(withdrawals)
          .where(eq(withdrawals.transactionId, id));
        // Two approvals are given on the Withdrawals screen only: this one-click change would skip them.
        if (decision === 'settled' && w!.route === 'four-eyes')
          throw new AppError('TRANSITION_REFUSED', TransactionMsg.needsTwoApprovals);
        await decideWithdrawal(tx, w!.id, decision, { ...as, payoutReference: staff.payoutReference }, staff.now);
      }
    } else if (current.status !== to) {
      throw new AppError('TRANSITION_REFUSED', TransactionMsg.noManualChange);
    }
    if (current.status !== to)
      await recordActivity(tx, {
        userId: staff.actor.userId,
        action: `Set transaction ${current.referenceNumber} to ${to}`,
        client: staff.client,
      });
    const [row] = await listed(tx).where(eq(transactions.id, id));
    return toListRow(row!);
  });
}
