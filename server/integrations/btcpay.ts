import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { formatCents } from '../../contract/money';

/**
 * BTCPay Server Greenfield API: create an invoice, read it back, check webhook signatures.
 * Webhooks only say "something happened"; callers re-fetch the invoice before crediting.
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

export interface BtcpayClient {
  createInvoice(input: CreateInvoiceInput): Promise<GreenfieldInvoice>;
  getInvoice(invoiceId: string): Promise<GreenfieldInvoice>;
  /** The configured store: proves the URL, the API key and the store id together. */
  getStore(): Promise<GreenfieldStore>;
}

export function createBtcpayClient(cfg: BtcpayConfig, opts: { timeoutMs?: number } = {}): BtcpayClient {
  const base = cfg.serverUrl.replace(/\/+$/, '');
  const invoicesPath = `/api/v1/stores/${encodeURIComponent(cfg.storeId)}/invoices`;
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<GreenfieldInvoice> {
    const json = await request(method, path, body);
    const parsed = zGreenfieldInvoice.safeParse(json);
    if (!parsed.success)
      throw new BtcpayError(
        `BTCPay ${method} ${path} returned an unexpected invoice: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      );
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
      const path = `/api/v1/stores/${encodeURIComponent(cfg.storeId)}`;
      const parsed = zGreenfieldStore.safeParse(await request('GET', path));
      if (!parsed.success) throw new BtcpayError(`BTCPay GET ${path} returned an unexpected store`);
      return parsed.data;
    },
  };
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
