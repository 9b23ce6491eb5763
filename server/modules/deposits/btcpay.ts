import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { toCents } from '../../../contract/money';
import type { SiteSettings } from '../../../contract/settings';
import type { DepositStatus } from '../../../contract/funds';
import type { Db } from '../../db/client';
import { deposits, transactions } from '../../db/schema';
import {
  BtcpayError,
  createBtcpayClient,
  verifyBtcpaySignature,
  zBtcpayPayoutWebhook,
  zBtcpayWebhook,
  type BtcpayConfig,
  type GreenfieldInvoice,
} from '../../integrations/btcpay';
import { AppError } from '../../lib/errors';
import { handlePayoutEvent } from '../withdrawals/payouts';
import { btcpayConfig, changeDepositStatus, type DepositRow } from './service';

export { btcpayConfig };

/** Additional statuses that need a person: paid partially, late or too much. */
const NEEDS_REVIEW = new Set(['PaidPartial', 'PaidLate', 'PaidOver']);

/**
 * What an invoice, as fetched from BTCPay (never as a webhook described it), means for its
 * deposit: null when it changes nothing. An invoice that does not match the deposit (store,
 * reference, currency or amount) goes to review rather than being credited.
 */
export function targetStatus(
  invoice: GreenfieldInvoice,
  deposit: DepositRow,
  reference: string,
  cfg: BtcpayConfig,
): { to: DepositStatus; note?: string } | null {
  let amountMatches = false;
  try {
    amountMatches = invoice.currency.toUpperCase() === 'USD' && toCents(invoice.amount) === deposit.amount;
  } catch {
    amountMatches = false;
  }
  const mismatch =
    invoice.storeId !== cfg.storeId
      ? 'store'
      : invoice.id !== deposit.invoiceId
        ? 'invoice id'
        : invoice.metadata.orderId !== reference
          ? 'reference'
          : !amountMatches
            ? 'amount'
            : null;
  if (mismatch) return { to: 'review', note: `BTCPay invoice ${invoice.id} does not match this deposit (${mismatch})` };
  if (NEEDS_REVIEW.has(invoice.additionalStatus))
    return { to: 'review', note: `BTCPay reports ${invoice.status} / ${invoice.additionalStatus}` };
  if (invoice.status === 'Settled') return { to: 'settled' };
  if (invoice.status === 'Expired') return { to: 'expired' };
  if (invoice.status === 'Invalid') return { to: 'invalid' };
  return null;
}

/**
 * Brings a deposit in line with its invoice. Final statuses never move (so late or
 * out-of-order events change nothing); review waits for staff. Settled credits once.
 */
export async function applyInvoice(
  db: Db,
  deposit: DepositRow,
  reference: string,
  invoice: GreenfieldInvoice,
  cfg: BtcpayConfig,
  now: Date,
): Promise<DepositStatus> {
  const target = targetStatus(invoice, deposit, reference, cfg);
  if (!target || deposit.status !== 'pending' || target.to === 'pending') return deposit.status;
  const { deposit: after } = await changeDepositStatus(db, deposit.id, {
    to: target.to,
    from: ['pending'],
    note: target.note,
    now,
  });
  return after.status;
}

/** The deposit an invoice belongs to, with its reference. */
export async function depositForInvoice(
  db: Db,
  invoiceId: string,
): Promise<{ deposit: DepositRow; reference: string } | null> {
  const [row] = await db
    .select({ deposit: deposits, reference: transactions.referenceNumber })
    .from(deposits)
    .innerJoin(transactions, eq(transactions.id, deposits.transactionId))
    .where(eq(deposits.invoiceId, invoiceId));
  return row ?? null;
}

/**
 * A BTCPay webhook: the signature over the raw body is checked, and the invoice is re-fetched
 * from BTCPay before anything changes. Answers what it did. Throws NOT_CONFIGURED,
 * BAD_SIGNATURE, VALIDATION_FAILED (malformed body), PAYMENT_PROVIDER_UNAVAILABLE.
 */
export async function handleBtcpayWebhook(
  db: Db,
  settings: SiteSettings,
  raw: unknown,
  signature: string | undefined,
  now: Date,
): Promise<string> {
  const cfg = btcpayConfig(settings);
  if (!cfg) throw new AppError('NOT_CONFIGURED', 'BTCPay is not configured');
  if (!Buffer.isBuffer(raw) || !verifyBtcpaySignature(raw, signature, cfg.webhookSecret)) {
    throw new AppError('BAD_SIGNATURE', 'Invalid webhook signature');
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Malformed webhook body');
  }
  // BTCPay sends a store's invoice and payout events to the same webhook.
  const payoutEvent = zBtcpayPayoutWebhook.safeParse(body);
  if (payoutEvent.success) return handlePayoutEvent(db, cfg, payoutEvent.data, now);
  const parsed = zBtcpayWebhook.safeParse(body);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Malformed webhook body');
  const event = parsed.data;
  if (event.storeId !== cfg.storeId) return 'ignored: other store';
  const found = await depositForInvoice(db, event.invoiceId);
  if (!found) return 'ignored: unknown invoice';
  let invoice;
  try {
    invoice = await createBtcpayClient(cfg).getInvoice(event.invoiceId);
  } catch (err) {
    if (err instanceof BtcpayError)
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'Could not confirm the invoice with BTCPay');
    throw err;
  }
  return applyInvoice(db, found.deposit, found.reference, invoice, cfg, now);
}

const RECONCILE_WINDOW_MS = 7 * 86_400_000;
const RECONCILE_BATCH = 200;

/**
 * Re-checks pending BTCPay deposits of the last week against BTCPay, so a deposit whose
 * webhook was lost (after BTCPay's own retries) still settles. Returns deposits changed.
 */
export async function reconcilePendingInvoices(db: Db, settings: SiteSettings, now: Date): Promise<number> {
  const cfg = btcpayConfig(settings);
  if (!cfg) return 0;
  const client = createBtcpayClient(cfg);
  const pending = await db
    .select({ deposit: deposits, reference: transactions.referenceNumber })
    .from(deposits)
    .innerJoin(transactions, eq(transactions.id, deposits.transactionId))
    .where(
      and(
        inArray(deposits.status, ['pending']),
        isNotNull(deposits.invoiceId),
        gte(deposits.createdAt, new Date(now.getTime() - RECONCILE_WINDOW_MS)),
      ),
    )
    .orderBy(deposits.id)
    .limit(RECONCILE_BATCH);
  let changed = 0;
  let firstError: unknown = null;
  for (const { deposit, reference } of pending) {
    try {
      const invoice = await client.getInvoice(deposit.invoiceId!);
      if ((await applyInvoice(db, deposit, reference, invoice, cfg, now)) !== deposit.status) changed++;
    } catch (err) {
      // One unreachable invoice does not hold up the others; the job still reports the failure.
      firstError ??= err;
    }
  }
  if (firstError) throw firstError;
  return changed;
}
