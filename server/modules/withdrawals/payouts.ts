import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { toCents } from '../../../contract/money';
import { isBtcpayConfigured, type SiteSettings } from '../../../contract/settings';
import { sentByBtcpay } from '../../../contract/withdrawal-rules';
import type { Db, DbOrTx } from '../../db/client';
import { withdrawals } from '../../db/schema';
import {
  BTC_ON_CHAIN,
  BtcpayError,
  createBtcpayClient,
  type BtcpayClient,
  type BtcpayConfig,
  type BtcpayPayoutWebhook,
  type GreenfieldPayout,
} from '../../integrations/btcpay';
import { notFound, AppError } from '../../lib/errors';
import { WithdrawMsg } from '../../../contract/funds';
import { recordAudit, systemActor, type StaffDecision } from '../audit/service';
import { btcpayConfig } from '../deposits/service';
import { closeWithdrawal, type WithdrawalRow } from './service';

/**
 * Withdrawals paid by BTCPay (site setting `payoutMode: btcpay`): an approved BTC withdrawal is claimed
 * (pending → paying, one caller wins), then BTCPay gets a USD pull payment of exactly its net amount and
 * an approved payout from it, which the store's payout processor sends. BTCPay's word (a webhook, always
 * re-fetched, or the reconciliation job) moves it on: Completed settles it through the ledger, Cancelled
 * returns the hold, each once.
 */

/** The BTCPay store that pays this withdrawal, or null when it is paid by hand (the rule the admin screen shows). */
export function payoutStore(settings: SiteSettings, currency: string): BtcpayConfig | null {
  const configured = isBtcpayConfigured(settings);
  if (!sentByBtcpay({ payoutMode: settings.payoutMode, btcpayConfigured: configured }, currency)) return null;
  return btcpayConfig(settings);
}

/** Where a paid payout's transaction can be looked up when BTCPay gives no link of its own. */
export const explorerLink = (txid: string) => `https://mempool.space/tx/${encodeURIComponent(txid)}`;

/** A payout still being created is left alone this long by the reconciliation (its create call may be in flight). */
const CREATE_GRACE_MS = 2 * 60_000;

const netOf = (w: WithdrawalRow) => w.amount - w.fee;

/**
 * Hands a pending withdrawal to BTCPay: pending → paying, audited with the rule or staff member that
 * approved it. Exactly one of any racing approvals gets through; the others get WITHDRAWAL_DECIDED.
 */
export async function claimForPayout(
  db: Db,
  id: number,
  decision: StaffDecision & { rule?: string },
  now: Date,
): Promise<WithdrawalRow> {
  return db.transaction(async (tx) => {
    const [w] = await tx
      .update(withdrawals)
      .set({
        status: 'paying',
        payoutState: 'Creating',
        payoutStartedAt: now,
        decidedBy: decision.actor.userId,
        updatedAt: now,
      })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
      .returning();
    if (!w) {
      const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
      if (!exists) throw notFound(WithdrawMsg.notFound);
      throw new AppError('WITHDRAWAL_DECIDED', WithdrawMsg.notPending);
    }
    await recordAudit(tx, decision.actor, {
      action: 'withdrawal.approve',
      targetType: 'withdrawal',
      targetId: w.id,
      before: { withdrawalId: w.id, userId: w.userId, status: 'pending' },
      after: {
        withdrawalId: w.id,
        userId: w.userId,
        status: 'paying',
        payout: 'btcpay',
        ...(decision.rule ? { rule: decision.rule } : {}),
      },
    });
    return w;
  });
}

const byId = async (db: DbOrTx, id: number) => (await db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0];

/**
 * Creates the pull payment and the payout of a paying withdrawal that has none yet, recording each id as
 * soon as BTCPay gives it. The pull payment's limit is the net amount, so a create repeated after a lost
 * answer is refused by BTCPay (overdraft) rather than paid twice; the reconciliation then finds the payout
 * by its withdrawalId.
 */
export async function sendPayout(db: Db, client: BtcpayClient, id: number, now: Date): Promise<string> {
  let w = await byId(db, id);
  if (!w || w.status !== 'paying' || w.payoutId) return 'nothing to send';
  if (!w.payoutPullPaymentId) {
    const pp = await client.createPullPayment({
      name: `Withdrawal ${w.id}`,
      amountCents: netOf(w),
      payoutMethodId: BTC_ON_CHAIN,
    });
    await db
      .update(withdrawals)
      .set({ payoutPullPaymentId: pp.id })
      .where(and(eq(withdrawals.id, id), isNull(withdrawals.payoutPullPaymentId)));
    w = (await byId(db, id))!;
  }
  const payout = await client.createPayout({
    pullPaymentId: w.payoutPullPaymentId!,
    destination: w.destination,
    amountCents: netOf(w),
    payoutMethodId: BTC_ON_CHAIN,
    metadata: { withdrawalId: String(w.id) },
  });
  return adoptPayout(db, w, payout, now);
}

/** Records a payout found for a paying withdrawal (if it has none yet) and applies its state. */
async function adoptPayout(db: Db, w: WithdrawalRow, payout: GreenfieldPayout, now: Date): Promise<string> {
  if (!w.payoutId) {
    await db
      .update(withdrawals)
      .set({ payoutId: payout.id, payoutState: payout.state, updatedAt: now })
      .where(and(eq(withdrawals.id, w.id), isNull(withdrawals.payoutId)));
    w = (await byId(db, w.id))!;
  }
  return applyPayout(db, w, payout, now);
}

/** Why a payout as BTCPay has it is not the one this withdrawal asked for, or null when it is. */
export function payoutMismatch(w: WithdrawalRow, payout: GreenfieldPayout): string | null {
  if (payout.id !== w.payoutId) return 'payout id';
  if (payout.metadata.withdrawalId !== String(w.id)) return 'withdrawal id';
  if (payout.destination.toLowerCase() !== w.destination.toLowerCase()) return 'destination';
  let amount: bigint | null = null;
  try {
    amount = toCents(payout.originalAmount);
  } catch {
    amount = null;
  }
  if (payout.originalCurrency !== 'USD' || amount !== netOf(w)) return 'amount';
  return null;
}

/**
 * Brings a paying withdrawal in line with its payout as fetched from BTCPay (never as a webhook described
 * it). Completed pays it (hold → external, fee → fees) and Cancelled returns the hold, each exactly once:
 * the conditional update from `paying` lets one caller through. A payout that does not match the
 * withdrawal changes nothing and is left for staff.
 */
export async function applyPayout(db: Db, w: WithdrawalRow, payout: GreenfieldPayout, now: Date): Promise<string> {
  if (w.status !== 'paying') return `already ${w.status}`;
  const mismatch = payoutMismatch(w, payout);
  if (mismatch) return `ignored: payout does not match the withdrawal (${mismatch})`;
  const proof = payout.paymentProof;
  const txid = proof?.transactionId ?? proof?.id ?? null;
  const seen = {
    payoutState: payout.state,
    payoutTxid: txid ?? w.payoutTxid,
    payoutLink: proof?.link ?? (txid ? explorerLink(txid) : w.payoutLink),
    updatedAt: now,
  };
  if (payout.state !== 'Completed' && payout.state !== 'Cancelled') {
    await db
      .update(withdrawals)
      .set(seen)
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'paying')));
    return payout.state;
  }
  const status = payout.state === 'Completed' ? 'settled' : 'invalid';
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(withdrawals)
      .set({
        ...seen,
        status,
        ...(status === 'settled'
          ? { payoutReference: seen.payoutTxid }
          : { decisionReason: WithdrawMsg.payoutCancelled }),
      })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'paying')))
      .returning();
    if (!moved) return 'already done';
    await closeWithdrawal(
      tx,
      moved,
      status,
      {
        actor: systemActor,
        as: {
          action: status === 'settled' ? 'withdrawal.payout_completed' : 'withdrawal.payout_cancelled',
          targetType: 'withdrawal',
          targetId: w.id,
        },
      },
      'paying',
      now,
    );
    return payout.state;
  });
}

/**
 * A payout webhook (signature already checked): the payout is re-fetched from BTCPay and applied. Answers
 * what it did; an unknown payout or another store's changes nothing.
 */
export async function handlePayoutEvent(
  db: Db,
  cfg: BtcpayConfig,
  event: BtcpayPayoutWebhook,
  now: Date,
): Promise<string> {
  if (event.storeId !== cfg.storeId) return 'ignored: other store';
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.payoutId, event.payoutId));
  if (!w) return 'ignored: unknown payout';
  let payout: GreenfieldPayout;
  try {
    payout = await createBtcpayClient(cfg).getPayout(event.payoutId);
  } catch (err) {
    if (err instanceof BtcpayError)
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'Could not confirm the payout with BTCPay');
    throw err;
  }
  return applyPayout(db, w, payout, now);
}

const RECONCILE_BATCH = 200;

/**
 * Re-checks every paying withdrawal against BTCPay, so a lost webhook or a create that failed half way
 * still ends once: a payout with an id is fetched and applied; one still being created (past a grace for a
 * create in flight) is looked for by its withdrawalId and adopted, or created. Returns withdrawals changed.
 */
export async function reconcilePayouts(db: Db, settings: SiteSettings, now: Date): Promise<number> {
  const cfg = btcpayConfig(settings);
  if (!cfg) return 0;
  const client = createBtcpayClient(cfg);
  const paying = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.status, 'paying'))
    .orderBy(asc(withdrawals.id))
    .limit(RECONCILE_BATCH);
  let changed = 0;
  let firstError: unknown = null;
  let listed: GreenfieldPayout[] | null = null;
  for (const w of paying) {
    try {
      const before = `${w.status}/${w.payoutState}`;
      if (w.payoutId) await applyPayout(db, w, await client.getPayout(w.payoutId), now);
      else if (w.payoutStartedAt && now.getTime() - w.payoutStartedAt.getTime() >= CREATE_GRACE_MS) {
        listed ??= await client.listPayouts();
        const found = listed.find((p) => p.metadata.withdrawalId === String(w.id) && p.state !== 'Cancelled');
        if (found) await adoptPayout(db, w, found, now);
        else await sendPayout(db, client, w.id, now);
      }
      const after = await byId(db, w.id);
      if (`${after!.status}/${after!.payoutState}` !== before) changed++;
    } catch (err) {
      // One payout BTCPay cannot answer for does not hold up the others; the job still reports it.
      firstError ??= err;
    }
  }
  if (firstError) throw firstError;
  return changed;
}

/** Paying withdrawals handed to BTCPay longer ago than `payoutStuckHours`: Site Health and Jobs warn. */
export async function stuckPayouts(db: DbOrTx, settings: SiteSettings, now: Date): Promise<number> {
  const since = new Date(now.getTime() - settings.payoutStuckHours * 3_600_000);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'paying'), lt(withdrawals.payoutStartedAt, since)));
  return Number(row?.n ?? 0);
}

export const stuckPayoutsWarning = (n: number, hours: number) =>
  `${n} BTCPay payout${n === 1 ? ' has' : 's have'} been sending for more than ${hours} hour${hours === 1 ? '' : 's'}: check ${n === 1 ? 'it' : 'them'} in BTCPay`;
