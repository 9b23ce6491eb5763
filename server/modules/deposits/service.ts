import { FourEyesMsg } from '../../../contract/withdrawal-rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DepositMsg,
  FINAL_DEPOSIT_STATUSES,
  depositDescription,
  type Deposit,
  type DepositStatus,
} from '../../../contract/funds';
import { fromCents } from '../../../contract/money';
import { isBtcpayConfigured, type SiteSettings } from '../../../contract/settings';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { deposits, transactions, users } from '../../db/schema';
import { BtcpayError, createBtcpayClient, type BtcpayConfig } from '../../integrations/btcpay';
import { loadUserFor, type AuthContext } from '../../lib/auth-context';
import type { ClientInfo } from '../../lib/client-info';
import { AppError, notFound } from '../../lib/errors';
import { recordActivity } from '../activity/service';
import { newReference } from '../transactions/reference';
import { assertCanMoveMoney } from '../users/money-gate';
import { platformAccount, userAccount } from '../ledger/accounts';
import { post } from '../ledger/service';
import { recordAudit, type StaffDecision } from '../audit/service';
import { recordTransaction, type TransactionStatus } from '../transactions/service';
import { notifyUser } from '../notifications/notify';
import { noticeOf } from '../notifications/messages';

export type DepositRow = typeof deposits.$inferSelect;

/** BTCPay's settings when an admin configured all of them; null means deposits await staff approval. */
export function btcpayConfig(s: SiteSettings): BtcpayConfig | null {
  if (!isBtcpayConfigured(s) || !s.btcpayApiKey || !s.btcpayStoreId || !s.btcpayWebhookSecret) return null;
  return {
    serverUrl: s.btcpayServerUrl,
    apiKey: s.btcpayApiKey,
    storeId: s.btcpayStoreId,
    webhookSecret: s.btcpayWebhookSecret,
  };
}

/** The user-facing transaction status of each deposit status (DESIGN.md §6b). */
const TRANSACTION_STATUS: Record<DepositStatus, TransactionStatus> = {
  pending: 'pending',
  review: 'pending',
  settled: 'completed',
  expired: 'failed',
  invalid: 'failed',
};
const OPEN: DepositStatus[] = ['pending', 'review'];

export function toDepositView(d: DepositRow, userName: string, referenceNumber: string, manual = false): Deposit {
  return {
    id: d.id,
    userId: d.userId,
    userName,
    amount: fromCents(d.amount),
    currency: d.currency,
    status: d.status,
    referenceNumber,
    invoiceId: d.invoiceId,
    invoiceUrl: d.invoiceUrl,
    manual,
    notes: d.notes,
    decisionReason: d.decisionReason,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

/** Deposits joined with their owner's user name and reference, as the API shows them. */
export function depositViewQuery(db: DbOrTx) {
  return db
    .select({
      d: deposits,
      userName: users.userName,
      referenceNumber: transactions.referenceNumber,
      manual: sql<boolean>`${transactions.type} = 'manual_deposit'`,
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .innerJoin(transactions, eq(transactions.id, deposits.transactionId));
}

export async function depositView(db: DbOrTx, id: number): Promise<Deposit> {
  const [row] = await depositViewQuery(db).where(eq(deposits.id, id));
  if (!row) throw notFound(DepositMsg.notFound);
  return toDepositView(row.d, row.userName, row.referenceNumber, row.manual);
}

export interface NewDeposit {
  userId: number;
  amount: bigint;
  currency: string;
  referenceNumber: string;
  invoice: { id: string; url: string } | null;
  idempotencyKey?: string;
  now: Date;
}

/** Records a pending deposit and its pending transaction; a repeated client key returns the first. */
export async function recordDeposit(db: Db, d: NewDeposit): Promise<{ deposit: DepositRow; replayed: boolean }> {
  const key = d.idempotencyKey ? `${d.userId}:${d.idempotencyKey}` : null;
  return db.transaction(async (tx) => {
    if (key) {
      const [existing] = await tx.select().from(deposits).where(eq(deposits.idempotencyKey, key));
      if (existing) return { deposit: existing, replayed: true };
    }
    const transaction = await recordTransaction(tx, {
      userId: d.userId,
      type: 'deposit',
      amount: d.amount,
      currency: 'USD',
      status: 'pending',
      paymentMethod: d.currency,
      description: depositDescription(d.currency, d.invoice !== null),
      referenceNumber: d.referenceNumber,
      now: d.now,
    });
    const [deposit] = await tx
      .insert(deposits)
      .values({
        userId: d.userId,
        transactionId: transaction.id,
        amount: d.amount,
        currency: d.currency,
        invoiceId: d.invoice?.id ?? null,
        invoiceUrl: d.invoice?.url ?? null,
        idempotencyKey: key,
        createdAt: d.now,
        updatedAt: d.now,
      })
      .returning();
    return { deposit: deposit!, replayed: false };
  });
}

/** What a deposit request needs besides the database: the settings, where links point, a logger. */
export interface DepositDeps {
  settings: SiteSettings;
  /** The site's public base URL, for the BTCPay return link when no order return URL is set. */
  siteBase: () => Promise<string>;
  log: { warn(obj: object, msg: string): void };
}

/**
 * `POST /deposits/new` for the caller: the money gate, then a BTCPay invoice when BTCPay is
 * configured (else a pending deposit for staff to approve), recorded with its pending
 * transaction. A repeated client key answers the first deposit (`replayed`). Throws the money
 * gate's errors and 502 PAYMENT_PROVIDER_UNAVAILABLE when BTCPay refuses the invoice.
 */
export async function startDeposit(
  db: Db,
  deps: DepositDeps,
  caller: AuthContext,
  input: { amount: bigint; currency: string; idempotencyKey?: string },
  now: Date,
): Promise<{ deposit: Deposit; replayed: boolean }> {
  const { settings } = deps;
  const user = await loadUserFor(db, caller, caller.userId, 'write');
  assertCanMoveMoney(settings, user, 'deposit', now);
  const referenceNumber = await newReference(db);
  const cfg = btcpayConfig(settings);
  let invoice: { id: string; url: string } | null = null;
  if (cfg) {
    const base = settings.btcpayOrderReturnUrl
      ? settings.btcpayOrderReturnUrl.replace(/\/+$/, '')
      : await deps.siteBase();
    try {
      const created = await createBtcpayClient(cfg).createInvoice({
        amountCents: input.amount,
        orderId: referenceNumber,
        redirectUrl: `${base}/app/${encodeURIComponent(user.userName)}/order/${referenceNumber}`,
        buyerEmail: user.email,
        itemDesc: `Deposit ${referenceNumber}`,
      });
      invoice = { id: created.id, url: created.checkoutLink };
    } catch (err) {
      if (err instanceof BtcpayError) {
        deps.log.warn({ err: err.message, status: err.status }, 'BTCPay invoice creation failed');
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', DepositMsg.paymentUnavailable);
      }
      throw err;
    }
  }
  const { deposit, replayed } = await recordDeposit(db, {
    userId: user.id,
    amount: input.amount,
    currency: input.currency,
    referenceNumber,
    invoice,
    idempotencyKey: input.idempotencyKey,
    now,
  });
  return { deposit: await depositView(db, deposit.id), replayed };
}

export interface StatusChange {
  to: DepositStatus;
  /** Only from these statuses; anything else is left alone (and reported as not changed). */
  from: DepositStatus[];
  decidedBy?: number | null;
  note?: string;
  /** Why staff decided so: stored, audited and told to the user. */
  reason?: string;
  now: Date;
  /** A staff decision: recorded in the audit log inside the same transaction when it applies. */
  audit?: StaffDecision;
  /** More work that commits with the change (e.g. the staff member's activity row); only when it applies. */
  onChanged?: (tx: Tx, deposit: DepositRow) => Promise<void>;
}

/**
 * Moves a deposit to a new status if it is still in one of `from`, and its transaction with
 * it; `settled` credits the user (external_deposits -> available) in the same transaction.
 * The conditional update makes concurrent deciders (two admins, a webhook and an admin)
 * take turns: exactly one changes it, the others see it already moved. Returns whether this
 * call changed it.
 */
export async function changeDepositStatus(
  db: Db,
  depositId: number,
  change: StatusChange,
): Promise<{ changed: boolean; deposit: DepositRow }> {
  return db.transaction(async (tx) => {
    // The status before, for the audit record; the conditional update below still decides.
    const [prev] = change.audit
      ? await tx.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, depositId)).for('update')
      : [];
    const [moved] = await tx
      .update(deposits)
      .set({
        status: change.to,
        updatedAt: change.now,
        ...(change.decidedBy ? { decidedBy: change.decidedBy } : {}),
        ...(change.note ? { notes: sql`ltrim(${deposits.notes} || E'\n' || ${change.note}, E'\n')` } : {}),
        ...(change.reason ? { decisionReason: change.reason } : {}),
      })
      .where(and(eq(deposits.id, depositId), inArray(deposits.status, change.from)))
      .returning();
    if (!moved) {
      const [current] = await tx.select().from(deposits).where(eq(deposits.id, depositId));
      if (!current) throw notFound(DepositMsg.notFound);
      return { changed: false, deposit: current };
    }
    let journalEntryId: number | null = null;
    if (change.to === 'settled') {
      const entry = await post(tx, {
        idempotencyKey: `deposit:${moved.id}`,
        kind: 'deposit',
        description: `Deposit ${moved.currency}`,
        createdBy: change.decidedBy ?? null,
        postings: [
          { accountId: await platformAccount(tx, 'external_deposits'), amount: -moved.amount },
          { accountId: await userAccount(tx, moved.userId, 'available'), amount: moved.amount },
        ],
      });
      // The status guard above already makes this unreachable; the key is the second lock.
      if (entry.replayed) throw new AppError('ALREADY_SETTLED', DepositMsg.alreadySettled);
      journalEntryId = entry.entryId;
      await tx.update(deposits).set({ journalEntryId }).where(eq(deposits.id, moved.id));
    }
    await tx
      .update(transactions)
      .set({
        status: TRANSACTION_STATUS[change.to],
        updatedAt: change.now,
        ...(journalEntryId ? { journalEntryId } : {}),
        ...(change.decidedBy ? { createdBy: change.decidedBy } : {}),
      })
      .where(eq(transactions.id, moved.transactionId));
    if (change.audit) {
      const as = change.audit.as ?? {
        action: change.to === 'settled' ? 'deposit.approve' : 'deposit.reject',
        targetType: 'deposit',
        targetId: moved.id,
      };
      const facts = {
        depositId: moved.id,
        userId: moved.userId,
        amount: fromCents(moved.amount),
        currency: moved.currency,
      };
      await recordAudit(tx, change.audit.actor, {
        ...as,
        before: { ...facts, status: prev?.status },
        after: { ...facts, status: moved.status, ...(change.reason ? { reason: change.reason } : {}) },
      });
    }
    if (change.onChanged) await change.onChanged(tx, moved);
    if (change.to === 'settled' || change.to === 'invalid')
      await notifyUser(tx, {
        userId: moved.userId,
        notice: noticeOf(`deposit.${change.to}`, {
          amount: moved.amount,
          currency: moved.currency,
          reason: change.reason,
        }),
        kind: 'deposit',
      });
    return { changed: true, deposit: { ...moved, journalEntryId: journalEntryId ?? moved.journalEntryId } };
  });
}

/**
 * Staff approve (settled: credits once) or reject (invalid) a deposit that is still open, with
 * the reason they gave; the audit record commits with it, and so does the staff member's
 * activity row when `client` is given. Throws NOT_FOUND, 409 ALREADY_SETTLED / DEPOSIT_FINAL.
 */
export async function decideDeposit(
  db: Db,
  depositId: number,
  status: 'settled' | 'invalid',
  decision: StaffDecision & { reason?: string },
  now: Date,
  client?: ClientInfo,
): Promise<DepositRow> {
  if (status === 'settled') {
    // A manual deposit above the four-eyes threshold is credited by someone other than who recorded it.
    const [d] = await db.select({ by: deposits.requestedBy }).from(deposits).where(eq(deposits.id, depositId));
    if (d?.by != null && d.by === decision.actor.userId) throw new AppError('FORBIDDEN', FourEyesMsg.ownRequest);
  }
  const { changed, deposit } = await changeDepositStatus(db, depositId, {
    to: status,
    from: OPEN,
    decidedBy: decision.actor.userId,
    reason: decision.reason || undefined,
    now,
    audit: decision,
    onChanged: client
      ? (tx, d) =>
          recordActivity(tx, {
            userId: decision.actor.userId,
            action: `${status === 'settled' ? 'Approved' : 'Rejected'} deposit ${d.id} of user ${d.userId}`,
            client,
          })
      : undefined,
  });
  if (!changed) {
    if (deposit.status === 'settled') throw new AppError('ALREADY_SETTLED', DepositMsg.alreadySettled);
    throw new AppError('DEPOSIT_FINAL', DepositMsg.final);
  }
  return deposit;
}

/** `PUT /deposits/update/:id` (admin): `decideDeposit` with the activity row, answered as the deposit view. */
export async function reviewDeposit(
  db: Db,
  depositId: number,
  status: 'settled' | 'invalid',
  decision: StaffDecision & { reason?: string },
  now: Date,
  client: ClientInfo,
): Promise<Deposit> {
  const deposit = await decideDeposit(db, depositId, status, decision, now, client);
  return depositView(db, deposit.id);
}

export const isFinalDeposit = (s: DepositStatus) => FINAL_DEPOSIT_STATUSES.includes(s);
