import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  GreenfieldInvoice,
  GreenfieldPayout,
  GreenfieldPullPayment,
  PayoutProcessor,
} from '../integrations/btcpay';

/**
 * A BTCPay Server Greenfield stand-in on loopback: the invoice and store payout endpoints we call, a
 * checkout page for humans, and signed webhooks sent on demand. Tests drive invoice and payout state
 * directly (nothing is ever sent on chain). Shapes follow BTCPay 2.x's swagger, see integrations/btcpay.ts.
 */
export interface FakeBtcpay {
  url: string;
  invoices: Map<string, GreenfieldInvoice>;
  /** API calls only (not checkout page views), in arrival order. */
  requests: { method: string; path: string; authorization?: string }[];
  /** Change an invoice (status, additionalStatus, amount, metadata…). */
  setInvoice(id: string, patch: Partial<GreenfieldInvoice>): void;
  /** POST a signed webhook for the invoice to webhookUrl; returns the app's answer. */
  sendWebhook(
    invoiceId: string,
    type: string,
    opts?: { badSignature?: boolean; deliveryId?: string; isRedelivery?: boolean; extra?: Record<string, unknown> },
  ): Promise<{ status: number; body: string }>;
  /** Pull payments and payouts made through the API; payout ids are BTCPay-like base58. */
  pullPayments: Map<string, GreenfieldPullPayment>;
  payouts: Map<string, GreenfieldPayout>;
  /** Change a payout, e.g. to InProgress with a paymentProof, then Completed, or Cancelled. */
  setPayout(id: string, patch: Partial<GreenfieldPayout>): void;
  /** POST a signed payout webhook (PayoutCreated, PayoutApproved, PayoutUpdated) to webhookUrl. */
  sendPayoutWebhook(
    payoutId: string,
    type: string,
    opts?: { badSignature?: boolean; deliveryId?: string; isRedelivery?: boolean; extra?: Record<string, unknown> },
  ): Promise<{ status: number; body: string }>;
  /** What GET payout-processors answers; by default the automated on-chain sender for BTC-CHAIN. */
  setPayoutProcessors(list: PayoutProcessor[]): void;
  setWebhookUrl(url: string): void;
  /** Make the next N API calls fail with this HTTP status (simulating an outage). */
  failNext(n: number, status?: number): void;
  stop(): Promise<void>;
}

const newId = () => randomBytes(16).toString('base64url');

/** BTCPay's payout method ids, with the 1.x spelling of on-chain it still accepts. */
const PAYOUT_METHODS: Record<string, string> = { 'BTC-CHAIN': 'BTC-CHAIN', BTC: 'BTC-CHAIN', 'BTC-LN': 'BTC-LN' };
const DECIMAL = /^\d+(\.\d+)?$/;
// Bech32 (mainnet, testnet, regtest) or base58 addresses, bare or as a bitcoin: URI. Not checksummed.
const ADDRESS = /^(bitcoin:)?((bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|[123mn][1-9A-HJ-NP-Za-km-z]{25,34})(\?.*)?$/i;
const ON_CHAIN_SENDER: PayoutProcessor = {
  name: 'OnChainAutomatedPayoutSenderFactory',
  friendlyName: 'Automated Bitcoin Sender',
  payoutMethods: ['BTC-CHAIN'],
};

export async function startBtcpayFake(opts: {
  apiKey: string;
  storeId: string;
  webhookSecret: string;
  webhookUrl?: string;
  /** USD per BTC at which approved payouts are converted (payoutAmount). */
  btcUsd?: bigint;
}): Promise<FakeBtcpay> {
  const invoices = new Map<string, GreenfieldInvoice>();
  const pullPayments = new Map<string, GreenfieldPullPayment>();
  const payouts = new Map<string, GreenfieldPayout>();
  // BTCPay keeps a pull payment's payout methods to itself; so does the fake.
  const ppMethods = new Map<string, string[]>();
  let processors: PayoutProcessor[] = [ON_CHAIN_SENDER];
  const requests: FakeBtcpay['requests'] = [];
  const webhookId = newId();
  // First delivery per invoice and event type, so a redelivery can point back to it like BTCPay does.
  const firstDelivery = new Map<string, string>();
  let webhookUrl = opts.webhookUrl;
  let failures = { left: 0, status: 503 };
  let url = '';

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { code: 'server-error', message: String(err) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]!;
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    const method = req.method ?? 'GET';

    if (method === 'GET' && parts[0] === 'i' && parts.length === 2) return checkoutPage(res, invoices.get(parts[1]!));
    if (parts[0] !== 'api') return send(res, 404, { code: 'not-found', message: 'Not found' });

    requests.push({ method, path, authorization: req.headers.authorization });
    const body = await readBody(req);
    if (failures.left > 0) {
      failures.left--;
      return send(res, failures.status, { code: 'service-unavailable', message: 'Simulated outage' });
    }
    if (req.headers.authorization !== `token ${opts.apiKey}`)
      return send(res, 401, {
        code: 'unauthenticated',
        message: 'Authentication is required for accessing this endpoint',
      });

    const [, v1, stores, storeId, resource, itemId] = parts;
    if (method === 'GET' && v1 === 'v1' && stores === 'stores' && parts.length === 4) {
      return storeId === opts.storeId
        ? send(res, 200, { id: opts.storeId, name: 'Fake store' })
        : send(res, 404, { code: 'store-not-found', message: 'The store was not found' });
    }
    const resources = ['invoices', 'payouts', 'pull-payments', 'payout-processors'];
    if (v1 !== 'v1' || stores !== 'stores' || !resources.includes(resource ?? '') || parts.length > 6)
      return send(res, 404, { code: 'not-found', message: 'Not found' });
    if (storeId !== opts.storeId)
      return send(res, 404, { code: 'store-not-found', message: 'The store was not found' });

    const route = `${method} ${resource}${itemId === undefined ? '' : '/:id'}`;
    if (route === 'POST invoices') return createInvoice(res, body);
    if (route === 'GET invoices/:id') {
      const invoice = invoices.get(itemId!);
      return invoice
        ? send(res, 200, invoice)
        : send(res, 404, { code: 'invoice-not-found', message: 'The invoice was not found' });
    }
    if (route === 'POST pull-payments') return createPullPayment(res, body);
    if (route === 'POST payouts') return createPayout(res, body);
    if (route === 'GET payouts') {
      // Like BTCPay: cancelled payouts only when asked for.
      const all = new URL(req.url ?? '/', 'http://x').searchParams.get('includeCancelled')?.toLowerCase() === 'true';
      return send(
        res,
        200,
        [...payouts.values()].filter((p) => all || p.state !== 'Cancelled'),
      );
    }
    if (route === 'GET payouts/:id') {
      const payout = payouts.get(itemId!);
      return payout
        ? send(res, 200, payout)
        : send(res, 404, { code: 'payout-not-found', message: 'The payout was not found' });
    }
    if (route === 'GET payout-processors') return send(res, 200, processors);
    return send(res, 405, { code: 'method-not-allowed', message: 'Method not allowed' });
  }

  function createPullPayment(res: ServerResponse, raw: string): void {
    const input = parseObject(raw);
    if (!input) return send(res, 400, { code: 'invalid-json', message: 'Body is not JSON' });
    const errors: { path: string; message: string }[] = [];
    const amount = input.amount;
    if (typeof amount !== 'string' || !DECIMAL.test(amount) || !/[1-9]/.test(amount))
      errors.push({ path: 'Amount', message: 'The amount should more than 0.' });
    if (typeof input.name === 'string' && input.name.length > 50)
      errors.push({ path: 'Name', message: 'The name should be maximum 50 characters.' });
    if (!['USD', 'BTC', 'EUR'].includes(String(input.currency).toUpperCase()))
      errors.push({ path: 'Currency', message: 'Invalid currency' });
    const methods = Array.isArray(input.payoutMethods) ? input.payoutMethods.map((m) => PAYOUT_METHODS[String(m)]) : [];
    if (methods.length === 0 || methods.includes(undefined))
      errors.push({ path: 'PayoutMethods', message: 'Invalid or unsupported payment method' });
    if (errors.length > 0) return send(res, 422, errors);
    const id = newId();
    const pp: GreenfieldPullPayment = {
      id,
      name: input.name ?? null,
      description: null,
      currency: String(input.currency).toUpperCase(),
      amount: amount as string,
      BOLT11Expiration: '30',
      autoApproveClaims: input.autoApproveClaims === true,
      archived: false,
      viewLink: `${url}/pull-payments/${id}`,
    };
    pullPayments.set(id, pp);
    ppMethods.set(id, methods as string[]);
    send(res, 200, pp);
  }

  /** Validates in BTCPay's order (CreatePayoutThroughStore, then the claim) with its error shapes. */
  function createPayout(res: ServerResponse, raw: string): void {
    const input = parseObject(raw);
    if (!input) return send(res, 400, { code: 'invalid-json', message: 'Body is not JSON' });
    const method = PAYOUT_METHODS[String(input.payoutMethodId)];
    if (!method) return send(res, 422, [{ path: 'PayoutMethodId', message: 'Invalid payment method' }]);
    const pp = typeof input.pullPaymentId === 'string' ? pullPayments.get(input.pullPaymentId) : undefined;
    if (input.pullPaymentId != null && !pp)
      return send(res, 404, { code: 'pullpayment-not-found', message: 'The pull payment was not found' });
    const destination = typeof input.destination === 'string' ? input.destination.trim() : '';
    if (!ADDRESS.test(destination) || method !== 'BTC-CHAIN')
      return send(res, 422, [{ path: 'Destination', message: 'A valid address was not provided' }]);
    const amount = input.amount;
    if (typeof amount !== 'string' || !DECIMAL.test(amount) || !/[1-9]/.test(amount))
      return send(res, 422, [{ path: 'Amount', message: 'Amount should be a positive decimal' }]);
    if (pp && !ppMethods.get(pp.id)!.includes(method))
      return send(res, 400, {
        code: 'payment-method-not-supported',
        message: 'This payment method is not supported by the pull payment',
      });
    const open = [...payouts.values()].filter((p) => p.state !== 'Cancelled');
    if (open.some((p) => p.destination === destination && p.state !== 'Completed'))
      return send(res, 400, {
        code: 'duplicate-destination',
        message: 'This address is already used for another payout',
      });
    if (pp) {
      const claimed = open
        .filter((p) => p.pullPaymentId === pp.id)
        .reduce((sum, p) => sum + units(p.originalAmount), 0n);
      if (claimed + units(amount) > units(pp.amount))
        return send(res, 400, { code: 'overdraft', message: "The payout amount overdraft the pull payment's limit" });
    }
    // Without a pull payment BTCPay reads the amount in the payout method's currency, as here.
    const originalCurrency = pp?.currency ?? 'BTC';
    const approved = input.approved === true;
    const payout: GreenfieldPayout = {
      id: newBase58Id(),
      revision: 0,
      pullPaymentId: pp?.id ?? null,
      date: Math.floor(Date.now() / 1000),
      destination,
      payoutMethodId: method,
      originalAmount: amount,
      originalCurrency,
      payoutCurrency: 'BTC',
      payoutAmount: approved ? toBtc(amount, originalCurrency) : null,
      state: approved ? 'AwaitingPayment' : 'AwaitingApproval',
      paymentProof: null,
      metadata: (typeof input.metadata === 'object' && input.metadata !== null
        ? input.metadata
        : {}) as GreenfieldPayout['metadata'],
    };
    payouts.set(payout.id, payout);
    send(res, 200, payout);
  }

  /** originalAmount in BTC with 8 decimals, exactly (rounded down to the satoshi). */
  function toBtc(amount: string, currency: string): string {
    const sats = currency === 'BTC' ? units(amount) : units(amount) / (opts.btcUsd ?? 100_000n);
    return `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')}`;
  }

  function createInvoice(res: ServerResponse, raw: string): void {
    let input: { amount?: unknown; currency?: unknown; metadata?: unknown; checkout?: unknown };
    try {
      input = JSON.parse(raw) as typeof input;
    } catch {
      return send(res, 400, { code: 'invalid-json', message: 'Body is not JSON' });
    }
    const amount = typeof input.amount === 'number' ? String(input.amount) : input.amount;
    if (typeof amount !== 'string' || !/^\d+(\.\d+)?$/.test(amount))
      return send(res, 422, [{ path: 'amount', message: 'Amount should be a positive decimal' }]);
    const id = newId();
    const now = Math.floor(Date.now() / 1000);
    const invoice: GreenfieldInvoice = {
      id,
      storeId: opts.storeId,
      amount,
      currency: typeof input.currency === 'string' ? input.currency : 'USD',
      status: 'New',
      additionalStatus: 'None',
      checkoutLink: `${url}/i/${id}`,
      metadata:
        typeof input.metadata === 'object' && input.metadata !== null
          ? (input.metadata as GreenfieldInvoice['metadata'])
          : {},
      checkout: input.checkout ?? {},
      createdTime: now,
      expirationTime: now + 15 * 60,
    };
    invoices.set(id, invoice);
    send(res, 200, invoice);
  }

  function checkoutPage(res: ServerResponse, invoice: GreenfieldInvoice | undefined): void {
    if (!invoice) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Invoice not found');
      return;
    }
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>Pay invoice ${esc(invoice.id)}</title></head><body>
<h1>Fake BTCPay checkout</h1>
<p>Amount: <strong>${esc(invoice.amount)} ${esc(invoice.currency)}</strong></p>
<p>Order: ${esc(invoice.metadata.orderId ?? '')}</p>
<p>Status: ${esc(invoice.status)} (${esc(invoice.additionalStatus)})</p>
</body></html>`;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  }

  /** Signs and posts one delivery; `key` names the event so a redelivery points back to its first delivery. */
  async function postSigned(
    key: string,
    o: { badSignature?: boolean; deliveryId?: string; isRedelivery?: boolean; extra?: Record<string, unknown> },
    event: Record<string, unknown>,
  ): Promise<{ status: number; body: string }> {
    if (!webhookUrl) throw new Error('fake BTCPay: no webhook URL set');
    const deliveryId = o.deliveryId ?? newId();
    if (!firstDelivery.has(key)) firstDelivery.set(key, deliveryId);
    const { type, ...rest } = event;
    const body = JSON.stringify({
      deliveryId,
      webhookId,
      originalDeliveryId: o.isRedelivery ? firstDelivery.get(key)! : deliveryId,
      isRedelivery: o.isRedelivery ?? false,
      type,
      timestamp: Math.floor(Date.now() / 1000),
      ...rest,
      ...o.extra,
    });
    const signingKey = o.badSignature ? `${opts.webhookSecret}-wrong` : opts.webhookSecret;
    const sig = createHmac('sha256', signingKey).update(body).digest('hex');
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'BTCPay-Sig': `sha256=${sig}` },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: await res.text() };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    invoices,
    requests,
    setInvoice(id, patch) {
      const invoice = invoices.get(id);
      if (!invoice) throw new Error(`fake BTCPay: no invoice ${id}`);
      invoices.set(id, { ...invoice, ...patch });
    },
    sendWebhook(invoiceId, type, o = {}) {
      return postSigned(`${invoiceId} ${type}`, o, {
        type,
        storeId: opts.storeId,
        invoiceId,
        metadata: invoices.get(invoiceId)?.metadata ?? {},
      });
    },
    pullPayments,
    payouts,
    setPayout(id, patch) {
      const payout = payouts.get(id);
      if (!payout) throw new Error(`fake BTCPay: no payout ${id}`);
      payouts.set(id, { ...payout, ...patch });
    },
    sendPayoutWebhook(payoutId, type, o = {}) {
      const payout = payouts.get(payoutId);
      // WebhookPayoutEvent: the common envelope, then storeId, payoutId, pullPaymentId, payoutState.
      return postSigned(`payout ${payoutId} ${type}`, o, {
        type,
        storeId: opts.storeId,
        payoutId,
        pullPaymentId: payout?.pullPaymentId ?? null,
        payoutState: payout?.state ?? 'AwaitingApproval',
      });
    },
    setPayoutProcessors(list) {
      processors = list;
    },
    setWebhookUrl(u) {
      webhookUrl = u;
    },
    failNext(n, status = 503) {
      failures = { left: n, status };
    },
    stop() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
      });
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function parseObject(raw: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A decimal string in integer units of 10^-scale, without floats (scale 8: satoshis). */
function units(amount: string, scale = 8): bigint {
  const [whole, frac = ''] = amount.split('.');
  return BigInt(whole!) * 10n ** BigInt(scale) + BigInt(frac.slice(0, scale).padEnd(scale, '0'));
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** BTCPay payout ids are 20 random bytes in base58. */
function newBase58Id(): string {
  let n = BigInt(`0x${randomBytes(20).toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)]! + out;
    n /= 58n;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
