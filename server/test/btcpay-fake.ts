import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GreenfieldInvoice } from '../integrations/btcpay';

/**
 * A BTCPay Server Greenfield stand-in on loopback: the invoice endpoints we call, a checkout
 * page for humans, and signed webhooks sent on demand. Tests drive invoice state directly.
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
  setWebhookUrl(url: string): void;
  /** Make the next N API calls fail with this HTTP status (simulating an outage). */
  failNext(n: number, status?: number): void;
  stop(): Promise<void>;
}

const newId = () => randomBytes(16).toString('base64url');

export async function startBtcpayFake(opts: {
  apiKey: string;
  storeId: string;
  webhookSecret: string;
  webhookUrl?: string;
}): Promise<FakeBtcpay> {
  const invoices = new Map<string, GreenfieldInvoice>();
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

    const [, v1, stores, storeId, resource, invoiceId] = parts;
    if (method === 'GET' && v1 === 'v1' && stores === 'stores' && parts.length === 4) {
      return storeId === opts.storeId
        ? send(res, 200, { id: opts.storeId, name: 'Fake store' })
        : send(res, 404, { code: 'store-not-found', message: 'The store was not found' });
    }
    if (v1 !== 'v1' || stores !== 'stores' || resource !== 'invoices' || parts.length > 6)
      return send(res, 404, { code: 'not-found', message: 'Not found' });
    if (storeId !== opts.storeId)
      return send(res, 404, { code: 'store-not-found', message: 'The store was not found' });

    if (method === 'POST' && invoiceId === undefined) return createInvoice(res, body);
    if (method === 'GET' && invoiceId !== undefined) {
      const invoice = invoices.get(invoiceId);
      return invoice
        ? send(res, 200, invoice)
        : send(res, 404, { code: 'invoice-not-found', message: 'The invoice was not found' });
    }
    return send(res, 405, { code: 'method-not-allowed', message: 'Method not allowed' });
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
    async sendWebhook(invoiceId, type, o = {}) {
      if (!webhookUrl) throw new Error('fake BTCPay: no webhook URL set');
      const deliveryId = o.deliveryId ?? newId();
      const key = `${invoiceId} ${type}`;
      if (!firstDelivery.has(key)) firstDelivery.set(key, deliveryId);
      const payload = {
        deliveryId,
        webhookId,
        originalDeliveryId: o.isRedelivery ? firstDelivery.get(key)! : deliveryId,
        isRedelivery: o.isRedelivery ?? false,
        type,
        timestamp: Math.floor(Date.now() / 1000),
        storeId: opts.storeId,
        invoiceId,
        metadata: invoices.get(invoiceId)?.metadata ?? {},
        ...o.extra,
      };
      const body = JSON.stringify(payload);
      const signingKey = o.badSignature ? `${opts.webhookSecret}-wrong` : opts.webhookSecret;
      const sig = createHmac('sha256', signingKey).update(body).digest('hex');
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'BTCPay-Sig': `sha256=${sig}` },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: res.status, body: await res.text() };
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
