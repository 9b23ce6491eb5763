import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { WithdrawMsg, withdrawalFeeCents, type Withdrawal, type WithdrawalCurrency } from '../../../contract/funds';
import { formatUsd, fromCents, toCents } from '../../../contract/money';
import type { SiteSettings } from '../../../contract/settings';
import type { Db, DbOrTx } from '../../db/client';
import { transactions, users, withdrawals } from '../../db/schema';
import { loadUserFor, type AuthContext } from '../../lib/auth-context';
import type { ClientInfo } from '../../lib/client-info';
import { AppError, notFound } from '../../lib/errors';
import { recordActivity } from '../activity/service';
import { platformAccount, userAccounts, userBalances } from '../ledger/accounts';
import { post, type Posting } from '../ledger/service';
import { recordAudit, type StaffDecision } from '../audit/service';
import { kycGate } from '../kyc/gate';
import { holdUntil, moneyRefusal, type MoneyRefusal } from '../users/money-gate';
import { recordTransaction } from '../transactions/service';
import { notifyUser } from '../notifications/notify';
import { noticeOf } from '../notifications/messages';

type UserRow = typeof users.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Where a withdrawal in this currency is paid, from the user's saved details; null when none is saved. */
export function destinationFor(user: UserRow, currency: WithdrawalCurrency): string | null {
  if (currency === 'BTC') return user.btcWalletAddress || null;
  if (currency === 'USDT-TRON') return user.ethWalletAddress || null;
  const b = [user.bankAccountHolder, user.bankName, user.bankAccountNumber].map((v) => v.trim());
  if (b.some((v) => !v)) return null;
  return [...b, user.bankSwift.trim()].filter(Boolean).join(', ');
}

/** Shows enough of an address to recognise it, not enough to copy it off a screen. */
export function maskDestination(d: string): string {
  return d.length <= 12 ? d : `${d.slice(0, 6)}…${d.slice(-4)}`;
}

export interface WithdrawalPlan {
  amount: bigint;
  fee: bigint;
  currency: WithdrawalCurrency;
  destination: string | null;
  available: bigint;
  minimum: bigint;
  maximum: bigint | null;
  holdUntil: Date | null;
  /** Why it would be refused (with its error code), or null. */
  problem: MoneyRefusal | null;
}

/** Every check a withdrawal must pass, computed once for the quote and for the request itself. */
export async function planWithdrawal(
  db: DbOrTx,
  settings: SiteSettings,
  user: UserRow,
  amount: bigint,
  currency: WithdrawalCurrency,
  now: Date,
): Promise<WithdrawalPlan> {
  const fee = withdrawalFeeCents(amount, settings.withdrawalFeeFixed, settings.withdrawalFeePercent);
  const minimum = settings.withdrawalMin ? toCents(settings.withdrawalMin) : 0n;
  const maximum = settings.withdrawalMax ? toCents(settings.withdrawalMax) : null;
  const destination = destinationFor(user, currency);
  const { available } = await userBalances(db, user.id);
  const kyc = await kycGate(db, settings, user.id, { kind: 'withdraw' });
  const problem = ((): WithdrawalPlan['problem'] => {
    const refusal = moneyRefusal(settings, user, 'withdraw', now);
    if (refusal) return refusal;
    if (kyc) return kyc;
    if (amount < minimum) return { message: WithdrawMsg.belowMin(minimum), code: 'AMOUNT_OUT_OF_RANGE' };
    if (maximum !== null && amount > maximum)
      return { message: WithdrawMsg.aboveMax(maximum), code: 'AMOUNT_OUT_OF_RANGE' };
    if (fee >= amount) return { message: WithdrawMsg.feeTooHigh, code: 'AMOUNT_OUT_OF_RANGE' };
    if (!destination)
      return {
        message: currency === 'USD' ? WithdrawMsg.noBank : WithdrawMsg.noWallet(currency),
        code: 'NO_PAYOUT_DESTINATION',
      };
    if (amount > available) return { message: WithdrawMsg.insufficient, code: 'INSUFFICIENT_FUNDS' };
    return null;
  })();
  return { amount, fee, currency, destination, available, minimum, maximum, holdUntil: holdUntil(user, now), problem };
}

export interface WithdrawalRequest {
  amount: bigint;
  currency: WithdrawalCurrency;
  idempotencyKey?: string;
}

/**
 * A withdrawal from the caller's own account (`req.userId` must be the caller): requests it
 * and returns its view. A replayed idempotency key returns the first withdrawal.
 * Throws FORBIDDEN and what `requestWithdrawal` throws.
 */
export async function requestOwnWithdrawal(
  db: Db,
  settings: SiteSettings,
  caller: AuthContext,
  req: WithdrawalRequest & { userId: number },
  now: Date,
  client: ClientInfo,
  route?: RouteHook,
): Promise<{ withdrawal: Withdrawal; replayed: boolean }> {
  if (req.userId !== caller.userId) throw new AppError('FORBIDDEN', WithdrawMsg.otherUser);
  const user = await loadUserFor(db, caller, caller.userId, 'write');
  const { withdrawal, replayed } = await requestWithdrawal(db, settings, user, req, now, client, route);
  return { withdrawal: await withdrawalView(db, withdrawal.id), replayed };
}

/** Runs in the request's transaction once its row exists: the approval rules record their route with it. */
export type RouteHook = (tx: DbOrTx, w: WithdrawalRow) => Promise<unknown>;

/**
 * Moves the amount from available to the withdrawal hold at once and records the pending
 * withdrawal, in one transaction: two requests can never spend the same money, because the
 * hold's debit is refused by the balance CHECK when the money is gone. With `client`, the
 * activity row commits with it (not for a replay).
 */
export async function requestWithdrawal(
  db: Db,
  settings: SiteSettings,
  user: UserRow,
  req: WithdrawalRequest,
  now: Date,
  client?: ClientInfo,
  route?: RouteHook,
): Promise<{ withdrawal: WithdrawalRow; replayed: boolean }> {
  const key = req.idempotencyKey ? `${user.id}:${req.idempotencyKey}` : null;
  // A replay returns the first result, whatever has changed since (balance, hold, settings).
  const first = key ? await withdrawalByKey(db, key) : undefined;
  if (first) return { withdrawal: first, replayed: true };
  const plan = await planWithdrawal(db, settings, user, req.amount, req.currency, now);
  if (plan.problem) throw new AppError(plan.problem.code, plan.problem.message);
  try {
    return await db.transaction(async (tx) => {
      const accounts = await userAccounts(tx, user.id);
      const hold = await post(tx, {
        idempotencyKey: `withdrawal-hold:${key ?? randomUUID()}`,
        kind: 'withdrawal_hold',
        description: `Withdrawal request (${req.currency})`,
        createdBy: user.id,
        postings: [
          { accountId: accounts.available, amount: -req.amount },
          { accountId: accounts.withdrawal_hold, amount: req.amount },
        ],
      });
      if (hold.replayed) {
        // The same key won a race a moment ago: its withdrawal is committed by now.
        const won = key ? await withdrawalByKey(tx, key) : undefined;
        if (won) return { withdrawal: won, replayed: true };
        throw new AppError('DUPLICATE_REQUEST', 'This withdrawal was already requested');
      }
      const transaction = await recordTransaction(tx, {
        userId: user.id,
        type: 'withdrawal',
        amount: req.amount,
        status: 'pending',
        paymentMethod: req.currency,
        description:
          plan.fee > 0n
            ? `Withdrawal of ${formatUsd(req.amount)} (fee ${formatUsd(plan.fee)}, net ${formatUsd(req.amount - plan.fee)})`
            : `Withdrawal of ${formatUsd(req.amount)}`,
        journalEntryId: hold.entryId,
        now,
      });
      const [row] = await tx
        .insert(withdrawals)
        .values({
          userId: user.id,
          transactionId: transaction.id,
          amount: req.amount,
          fee: plan.fee,
          currency: req.currency,
          destination: plan.destination!,
          holdEntryId: hold.entryId,
          idempotencyKey: key,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (client) await recordActivity(tx, { userId: user.id, action: `Requested withdrawal ${row!.id}`, client });
      // Routed in the same transaction, so a replay never sees the withdrawal before its route.
      if (route) await route(tx, row!);
      return { withdrawal: row!, replayed: false };
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS')
      throw new AppError('INSUFFICIENT_FUNDS', WithdrawMsg.insufficient);
    throw err;
  }
}

const withdrawalByKey = async (db: DbOrTx, key: string) =>
  (await db.select().from(withdrawals).where(eq(withdrawals.idempotencyKey, key)))[0];

/** What staff say with a decision: why (told to the user) and, for a payout made by hand, its reference. */
export interface DecisionNote {
  reason?: string;
  /** Only with `settled`. */
  payoutReference?: string;
}

/** An admin approves or rejects a pending withdrawal (see `decideWithdrawal`); returns its view. */
export async function reviewWithdrawal(
  db: Db,
  id: number,
  status: 'settled' | 'invalid',
  decision: StaffDecision & DecisionNote,
  now: Date,
  client: ClientInfo,
): Promise<Withdrawal> {
  const w = await decideWithdrawal(db, id, status, decision, now, client);
  return withdrawalView(db, w.id);
}

/**
 * Staff decision on a pending withdrawal: `settled` pays it out (hold -> external_withdrawals
 * for the net amount, hold -> fees for the fee), `invalid` returns the hold to available.
 * Only one decision ever applies: the conditional update lets exactly one caller through.
 * The reason and payout reference are stored, audited and told to the user with it.
 * With `client`, the staff member's activity row commits with the decision.
 */
export async function decideWithdrawal(
  db: DbOrTx,
  id: number,
  status: 'settled' | 'invalid',
  decision: StaffDecision & DecisionNote,
  now: Date,
  client?: ClientInfo,
): Promise<WithdrawalRow> {
  const adminId = decision.actor.userId;
  const reason = decision.reason || null;
  const payoutReference = status === 'settled' ? decision.payoutReference || null : null;
  return db.transaction(async (tx) => {
    const [w] = await tx
      .update(withdrawals)
      .set({ status, decidedBy: adminId, decisionReason: reason, payoutReference, updatedAt: now })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
      .returning();
    if (!w) {
      const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
      if (!exists) throw notFound(WithdrawMsg.notFound);
      throw new AppError('WITHDRAWAL_DECIDED', WithdrawMsg.notPending);
    }
    const settled = await closeWithdrawal(tx, w, status, decision, 'pending', now);
    if (client)
      await recordActivity(tx, {
        userId: adminId!,
        action: `${status === 'settled' ? 'Approved' : 'Rejected'} withdrawal ${w.id} of user ${w.userId}`,
        client,
      });
    return settled;
  });
}

/**
 * The money side of a withdrawal that has just left `from` for `status` (the caller's conditional update
 * let exactly one writer through): paid (hold -> external_withdrawals for the net amount, hold -> fees
 * for the fee) or returned (hold -> available), the transaction row, the audit entry and the user's notice.
 */
export async function closeWithdrawal(
  tx: DbOrTx,
  w: WithdrawalRow,
  status: 'settled' | 'invalid',
  decision: StaffDecision,
  from: 'pending' | 'paying',
  now: Date,
): Promise<WithdrawalRow> {
  const accounts = await userAccounts(tx, w.userId);
  let postings: Posting[];
  if (status === 'settled') {
    postings = [
      { accountId: accounts.withdrawal_hold, amount: -w.amount },
      { accountId: await platformAccount(tx, 'external_withdrawals'), amount: w.amount - w.fee },
    ];
    if (w.fee > 0n) postings.push({ accountId: await platformAccount(tx, 'fees'), amount: w.fee });
  } else {
    postings = [
      { accountId: accounts.withdrawal_hold, amount: -w.amount },
      { accountId: accounts.available, amount: w.amount },
    ];
  }
  const entry = await post(tx, {
    idempotencyKey: `withdrawal-${status}:${w.id}`,
    kind: status === 'settled' ? 'withdrawal' : 'withdrawal_return',
    description:
      status === 'settled'
        ? `Withdrawal paid (${w.currency})`
        : from === 'paying'
          ? 'Withdrawal payout cancelled: hold returned'
          : 'Withdrawal rejected: hold returned',
    createdBy: decision.actor.userId,
    postings,
  });
  await tx.update(withdrawals).set({ settleEntryId: entry.entryId }).where(eq(withdrawals.id, w.id));
  await tx
    .update(transactions)
    .set({ status: status === 'settled' ? 'completed' : 'failed', journalEntryId: entry.entryId, updatedAt: now })
    .where(eq(transactions.id, w.transactionId));
  const as = decision.as ?? {
    action: status === 'settled' ? 'withdrawal.approve' : 'withdrawal.reject',
    targetType: 'withdrawal',
    targetId: w.id,
  };
  const facts = {
    withdrawalId: w.id,
    userId: w.userId,
    amount: fromCents(w.amount),
    fee: fromCents(w.fee),
    currency: w.currency,
  };
  const reason = w.decisionReason;
  const payoutReference = w.payoutReference;
  await recordAudit(tx, decision.actor, {
    ...as,
    before: { ...facts, status: from },
    after: { ...facts, status, ...(reason ? { reason } : {}), ...(payoutReference ? { payoutReference } : {}) },
  });
  const said = { reason: reason ?? undefined };
  await notifyUser(tx, {
    userId: w.userId,
    notice:
      status === 'settled'
        ? noticeOf('withdrawal.settled', {
            amount: w.amount,
            fee: w.fee,
            currency: w.currency,
            payoutReference: payoutReference ?? undefined,
            ...said,
          })
        : noticeOf('withdrawal.invalid', { amount: w.amount, currency: w.currency, ...said }),
    kind: 'withdrawal',
  });
  return { ...w, settleEntryId: entry.entryId };
}

export function toWithdrawalView(w: WithdrawalRow, userName: string, referenceNumber: string): Withdrawal {
  return {
    id: w.id,
    userId: w.userId,
    userName,
    amount: fromCents(w.amount),
    fee: fromCents(w.fee),
    netAmount: fromCents(w.amount - w.fee),
    currency: w.currency as WithdrawalCurrency,
    destination: w.destination,
    status: w.status,
    referenceNumber,
    decisionReason: w.decisionReason,
    payoutReference: w.payoutReference,
    approvalRoute: w.approvalRoute as Withdrawal['approvalRoute'],
    approvalRule: w.approvalRule,
    firstApprovedBy: w.firstApprovedBy,
    payout: w.payoutState ? { id: w.payoutId, state: w.payoutState, txid: w.payoutTxid, link: w.payoutLink } : null,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

export function withdrawalViewQuery(db: DbOrTx) {
  return db
    .select({ w: withdrawals, userName: users.userName, referenceNumber: transactions.referenceNumber })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(transactions, eq(transactions.id, withdrawals.transactionId));
}

export async function withdrawalView(db: DbOrTx, id: number): Promise<Withdrawal> {
  const [row] = await withdrawalViewQuery(db).where(eq(withdrawals.id, id));
  if (!row) throw notFound(WithdrawMsg.notFound);
  return toWithdrawalView(row.w, row.userName, row.referenceNumber);
}
