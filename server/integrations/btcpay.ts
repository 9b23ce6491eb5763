import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { formatCents } from '../../contract/money';

/**
 * BTCPay Server Greenfield API: invoices (deposits), store payouts (withdrawals), webhook signatures.
 * Webhooks only say "something happened"; callers re-fetch the invoice or payout before moving money.
 */
export interface BtcpayConfig {
  serverUrl: string;
  apiKey: string;
  storeId: string;
  webhookSecret: string;
}

/** The fields we use of a Greenfield invoice; anything else passes through untouched. */
export const zGreenfieldInvoice = z.looseObject({
  id: z.string().min(1),
  storeId: z.string(),
  // Greenfield sends amounts as decimal strings so they survive JSON without float rounding.
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  currency: z.string(),
  status: z.enum(['New', 'Processing', 'Expired', 'Invalid', 'Settled']),
  additionalStatus: z.enum(['None', 'PaidLate', 'PaidPartial', 'Marked', 'Invalid', 'PaidOver']),
  checkoutLink: z.string(),
  metadata: z.looseObject({ orderId: z.string().optional() }),
  createdTime: z.number(),
  expirationTime: z.number(),
});
export type GreenfieldInvoice = z.infer<typeof zGreenfieldInvoice>;

/** A webhook body; only ids, never amounts or statuses, are trusted from it. */
export const zBtcpayWebhook = z.looseObject({
  deliveryId: z.string().optional(),
  webhookId: z.string().optional(),
  originalDeliveryId: z.string().optional(),
  isRedelivery: z.boolean().optional(),
  type: z.string(),
  timestamp: z.number().optional(),
  storeId: z.string(),
  invoiceId: z.string(),
});
export type BtcpayWebhook = z.infer<typeof zBtcpayWebhook>;

/** BTCPay could not be reached or answered something unusable. `status` is set for HTTP errors. */
export class BtcpayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'BtcpayError';
  }
}

export interface CreateInvoiceInput {
  amountCents: bigint;
  orderId: string;
  redirectUrl: string;
  buyerEmail?: string;
  itemDesc?: string;
}

/** The fields we read of a Greenfield store (GET /api/v1/stores/{storeId}). */
export const zGreenfieldStore = z.looseObject({ id: z.string().min(1), name: z.string() });
export type GreenfieldStore = z.infer<typeof zGreenfieldStore>;

/*
 * Payout shapes come from btcpayserver/btcpayserver BTCPayServer/wwwroot/swagger/v1/
 * swagger.template.pull-payments.json (CreatePayoutThroughStoreRequest, PayoutData, PayoutState,
 * PayoutPaymentProof, PullPaymentData), swagger.template.payout-processors.json (PayoutProcessorData) and
 * swagger.template.webhooks.json (PayoutCreated/PayoutApproved/PayoutUpdated), as served by BTCPay 2.x
 * (GreenfieldPullPaymentController.cs). BTCPay 2.0 renamed several fields; the older names are read too.
 */
const zDecimal = z.string().regex(/^\d+(\.\d+)?$/);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The payout method id of on-chain bitcoin (BTCPay 2.x; 1.x called it "BTC"). */
export const BTC_ON_CHAIN = 'BTC-CHAIN';

export const PAYOUT_STATES = ['AwaitingApproval', 'AwaitingPayment', 'InProgress', 'Completed', 'Cancelled'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/**
 * The automated on-chain sender stores its proof without a camelCase resolver, so BTCPay sends
 * `{ ProofType, TransactionId, Candidates, Accounted }`; proofs set through the API keep their own
 * `{ proofType, id, link }`. Both spellings are read so a paid payout never loses its transaction id.
 */
const zPayoutProof = z.preprocess(
  (v) =>
    isRecord(v)
      ? { ...v, proofType: v.proofType ?? v.ProofType, transactionId: v.transactionId ?? v.TransactionId }
      : v,
  z.looseObject({
    proofType: z.string(),
    transactionId: z.string().nullish(),
    id: z.string().nullish(),
    link: z.string().nullish(),
  }),
);

/** The fields we use of a Greenfield payout; amounts are decimal strings, `originalAmount` in `originalCurrency`. */
export const zGreenfieldPayout = z.preprocess(
  // BTCPay before 2.0 called it paymentMethod.
  (v) => (isRecord(v) && v.payoutMethodId === undefined ? { ...v, payoutMethodId: v.paymentMethod } : v),
  z.looseObject({
    id: z.string().min(1),
    pullPaymentId: z.string().nullish(),
    state: z.enum(PAYOUT_STATES),
    revision: z.number().int().optional(),
    destination: z.string(),
    payoutMethodId: z.string(),
    originalAmount: zDecimal,
    originalCurrency: z.string(),
    // Set when the payout is approved, at the rate of that moment.
    payoutAmount: zDecimal.nullish(),
    payoutCurrency: z.string().nullish(),
    paymentProof: zPayoutProof.nullish(),
    // Another integration's metadata must not break our list: a foreign withdrawalId reads as absent.
    metadata: z.looseObject({ withdrawalId: z.string().optional().catch(undefined) }),
  }),
);
export type GreenfieldPayout = z.infer<typeof zGreenfieldPayout>;

/** A pull payment: here one per withdrawal, in USD, whose limit is the payout amount. */
export const zGreenfieldPullPayment = z.looseObject({
  id: z.string().min(1),
  amount: zDecimal,
  currency: z.string(),
  archived: z.boolean().optional(),
});
export type GreenfieldPullPayment = z.infer<typeof zGreenfieldPullPayment>;

/** A payout processor enabled on the store, e.g. `OnChainAutomatedPayoutSenderFactory` for `BTC-CHAIN`. */
export const zPayoutProcessor = z.preprocess(
  // Called paymentMethods before BTCPay 2.0.
  (v) => (isRecord(v) && v.payoutMethods === undefined ? { ...v, payoutMethods: v.paymentMethods } : v),
  z.looseObject({
    name: z.string(),
    friendlyName: z.string().nullish(),
    payoutMethods: z.array(z.string()).nullish(),
  }),
);
export type PayoutProcessor = z.infer<typeof zPayoutProcessor>;

/** True when the store's automated on-chain sender covers bitcoin, so approved payouts get sent. */
export function automatesOnChainBtc(processors: PayoutProcessor[]): boolean {
  return processors.some(
    (p) =>
      p.name === 'OnChainAutomatedPayoutSenderFactory' &&
      (p.payoutMethods ?? []).some((m) => ['BTC-CHAIN', 'BTC'].includes(m.toUpperCase())),
  );
}

export const PAYOUT_WEBHOOK_TYPES = ['PayoutCreated', 'PayoutApproved', 'PayoutUpdated'] as const;

/**
 * A payout webhook body (WebhookPayoutEvent: the invoice webhook's envelope plus payoutId, pullPaymentId,
 * payoutState). Only ids are trusted from it; callers re-fetch the payout.
 */
export const zBtcpayPayoutWebhook = z.looseObject({
  deliveryId: z.string().optional(),
  webhookId: z.string().optional(),
  originalDeliveryId: z.string().optional(),
  isRedelivery: z.boolean().optional(),
  type: z.enum(PAYOUT_WEBHOOK_TYPES),
  timestamp: z.number().optional(),
  storeId: z.string(),
  payoutId: z.string().min(1),
  pullPaymentId: z.string().nullish(),
});
export type BtcpayPayoutWebhook = z.infer<typeof zBtcpayPayoutWebhook>;

export interface CreatePullPaymentInput {
  /** At most 50 characters (BTCPay refuses longer names). */
  name: string;
  amountCents: bigint;
  payoutMethodId: string;
}

export interface CreatePayoutInput {
  /**
   * A USD pull payment of exactly `amountCents` from createPullPayment. BTCPay has no currency field on a
   * payout: without a pull payment it reads the amount in the payout method's currency (BTC). Its limit
   * also makes a retried create fail with `overdraft` instead of paying twice.
   */
  pullPaymentId: string;
  destination: string;
  /** The net USD amount the user receives, converted to BTC by BTCPay when it approves. */
  amountCents: bigint;
  payoutMethodId: string;
  metadata: { withdrawalId: string } & Record<string, unknown>;
}

export interface BtcpayClient {
  createInvoice(input: CreateInvoiceInput): Promise<GreenfieldInvoice>;
  getInvoice(invoiceId: string): Promise<GreenfieldInvoice>;
  /** The configured store: proves the URL, the API key and the store id together. */
  getStore(): Promise<GreenfieldStore>;
  /** A USD pull payment to claim one payout from (see CreatePayoutInput.pullPaymentId). */
  createPullPayment(input: CreatePullPaymentInput): Promise<GreenfieldPullPayment>;
  /** An approved payout, which the store's payout processor then sends. */
  createPayout(input: CreatePayoutInput): Promise<GreenfieldPayout>;
  getPayout(payoutId: string): Promise<GreenfieldPayout>;
  /** Every payout of the store, cancelled ones included, to find one whose id we failed to record. */
  listPayouts(): Promise<GreenfieldPayout[]>;
  getPayoutProcessors(): Promise<PayoutProcessor[]>;
}

export function createBtcpayClient(cfg: BtcpayConfig, opts: { timeoutMs?: number } = {}): BtcpayClient {
  const base = cfg.serverUrl.replace(/\/+$/, '');
  const storePath = `/api/v1/stores/${encodeURIComponent(cfg.storeId)}`;
  const invoicesPath = `${storePath}/invoices`;
  const payoutsPath = `${storePath}/payouts`;
  const timeoutMs = opts.timeoutMs ?? 10_000;

  function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<GreenfieldInvoice> {
    return fetchParsed(zGreenfieldInvoice, 'invoice', method, path, body);
  }

  async function fetchParsed<T>(
    schema: z.ZodType<T>,
    what: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const parsed = schema.safeParse(await request(method, path, body));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new BtcpayError(
        `BTCPay ${method} ${path} returned an unexpected ${what}: ${issue?.path.join('.')} ${issue?.message}`,
      );
    }
    return parsed.data;
  }

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const what = `BTCPay ${method} ${path}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(base + path, {
        method,
        headers: {
          Authorization: `token ${cfg.apiKey}`,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const name = (err as Error).name;
      const reason =
        name === 'TimeoutError' || name === 'AbortError'
          ? `timed out after ${timeoutMs} ms`
          : 'could not reach the server';
      throw new BtcpayError(`${what} failed: ${reason}`);
    }
    if (!res.ok) throw new BtcpayError(`${what} failed: HTTP ${res.status}${greenfieldMessage(text)}`, res.status);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new BtcpayError(`${what} returned a body that is not JSON`);
    }
  }

  return {
    createInvoice(input) {
      const metadata: Record<string, string> = { orderId: input.orderId };
      if (input.buyerEmail) metadata.buyerEmail = input.buyerEmail;
      if (input.itemDesc) metadata.itemDesc = input.itemDesc;
      return call('POST', invoicesPath, {
        amount: formatCents(input.amountCents),
        currency: 'USD',
        metadata,
        checkout: { redirectURL: input.redirectUrl, redirectAutomatically: true },
      });
    },
    getInvoice(invoiceId) {
      return call('GET', `${invoicesPath}/${encodeURIComponent(invoiceId)}`);
    },
    async getStore() {
      const parsed = zGreenfieldStore.safeParse(await request('GET', storePath));
      if (!parsed.success) throw new BtcpayError(`BTCPay GET ${storePath} returned an unexpected store`);
      return parsed.data;
    },
    async createPullPayment(input) {
      const amount = formatCents(input.amountCents);
      const pp = await fetchParsed(zGreenfieldPullPayment, 'pull payment', 'POST', `${storePath}/pull-payments`, {
        name: input.name,
        amount,
        currency: 'USD',
        // Only our own store payout, created approved, may be paid from it; claims through its link wait.
        autoApproveClaims: false,
        payoutMethods: [input.payoutMethodId],
      });
      if (pp.currency !== 'USD' || !sameDecimal(pp.amount, amount))
        throw new BtcpayError(`BTCPay made pull payment ${pp.id} of ${pp.amount} ${pp.currency}, not ${amount} USD`);
      return pp;
    },
    async createPayout(input) {
      const amount = formatCents(input.amountCents);
      const payout = await fetchParsed(zGreenfieldPayout, 'payout', 'POST', payoutsPath, {
        destination: input.destination,
        amount,
        payoutMethodId: input.payoutMethodId,
        pullPaymentId: input.pullPaymentId,
        approved: true,
        metadata: input.metadata,
      });
      // The payout exists by now; the caller must reconcile it (by id or metadata), so name it in the error.
      if (payout.originalCurrency !== 'USD' || !sameDecimal(payout.originalAmount, amount))
        throw new BtcpayError(
          `BTCPay made payout ${payout.id} of ${payout.originalAmount} ${payout.originalCurrency}, not ${amount} USD`,
        );
      return payout;
    },
    getPayout(payoutId) {
      return fetchParsed(zGreenfieldPayout, 'payout', 'GET', `${payoutsPath}/${encodeURIComponent(payoutId)}`);
    },
    listPayouts() {
      // One unreadable payout fails the whole list: skipping it could hide ours and lead to paying twice.
      return fetchParsed(z.array(zGreenfieldPayout), 'payout list', 'GET', `${payoutsPath}?includeCancelled=true`);
    },
    getPayoutProcessors() {
      return fetchParsed(z.array(zPayoutProcessor), 'payout processor list', 'GET', `${storePath}/payout-processors`);
    },
  };
}

/** "12.30" and "12.3" are the same amount; BTCPay may echo a decimal with another scale. */
function sameDecimal(a: string, b: string): boolean {
  const norm = (s: string) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s).replace(/^0+(?=\d)/, '');
  return norm(a) === norm(b);
}

/** Greenfield errors are `{ code, message }` (or a list of them for validation); show the first. */
function greenfieldMessage(text: string): string {
  try {
    const json: unknown = JSON.parse(text);
    const first: unknown = Array.isArray(json) ? json[0] : json;
    const message = (first as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? ` (${message.slice(0, 200)})` : '';
  } catch {
    return '';
  }
}

const SIG = /^sha256=([0-9a-f]{64})$/i;

/** Checks `BTCPay-Sig: sha256=<hex>`, the HMAC-SHA256 of the exact body bytes keyed with the webhook secret. */
export function verifyBtcpaySignature(rawBody: Buffer | string, header: string | undefined, secret: string): boolean {
  if (!secret || !header) return false;
  const m = SIG.exec(header.trim());
  if (!m) return false;
  const given = Buffer.from(m[1]!, 'hex');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  // timingSafeEqual throws on different lengths; the regex already pins 32 bytes, this keeps it safe if that changes.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
