import { createHmac } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBtcpayFake, type FakeBtcpay } from '../test/btcpay-fake';
import { BtcpayError, createBtcpayClient, verifyBtcpaySignature, zBtcpayWebhook, type BtcpayConfig } from './btcpay';

const cfg = { apiKey: 'key-0123456789', storeId: 'Store/1', webhookSecret: 'whsec-abc' };
let fake: FakeBtcpay;
let btcpay: BtcpayConfig;

beforeAll(async () => {
  fake = await startBtcpayFake(cfg);
  // The trailing slash is stripped; the slash in the store id must be URL-encoded.
  btcpay = { ...cfg, serverUrl: `${fake.url}/` };
});
afterAll(() => fake.stop());

/** A bare HTTP server for answers the fake would never give. */
async function rawServer(handler: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function failure(p: Promise<unknown>): Promise<BtcpayError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BtcpayError);
  return err as BtcpayError;
}

describe('BTCPay client', () => {
  it('creates an invoice and reads the same invoice back', async () => {
    const client = createBtcpayClient(btcpay);
    const created = await client.createInvoice({
      amountCents: 1234n,
      orderId: 'TX-7K4M-9QZP',
      redirectUrl: 'https://app.example/deposits/1',
      buyerEmail: 'a@b.example',
      itemDesc: 'Deposit',
    });

    expect(created).toMatchObject({
      amount: '12.34',
      currency: 'USD',
      status: 'New',
      additionalStatus: 'None',
      storeId: cfg.storeId,
    });
    expect(created.metadata).toEqual({ orderId: 'TX-7K4M-9QZP', buyerEmail: 'a@b.example', itemDesc: 'Deposit' });
    expect(created.checkoutLink).toBe(`${fake.url}/i/${created.id}`);
    expect(created.expirationTime - created.createdTime).toBe(900);
    expect(fake.invoices.get(created.id)?.checkout).toEqual({
      redirectURL: 'https://app.example/deposits/1',
      redirectAutomatically: true,
    });

    expect(await client.getInvoice(created.id)).toEqual(created);
    expect(fake.requests.slice(-2)).toEqual([
      { method: 'POST', path: '/api/v1/stores/Store%2F1/invoices', authorization: `token ${cfg.apiKey}` },
      { method: 'GET', path: `/api/v1/stores/Store%2F1/invoices/${created.id}`, authorization: `token ${cfg.apiKey}` },
    ]);

    const page = await fetch(created.checkoutLink).then((r) => r.text());
    expect(page).toContain('12.34');
    expect(page).toContain('TX-7K4M-9QZP');
  });

  it('sends large amounts exactly and leaves optional metadata out', async () => {
    const client = createBtcpayClient(btcpay);
    const created = await client.createInvoice({
      amountCents: 900719925474099305n,
      orderId: 'TX-BIG',
      redirectUrl: 'https://app.example/',
    });
    expect(created.amount).toBe('9007199254740993.05');
    expect(created.metadata).toEqual({ orderId: 'TX-BIG' });
  });

  it('sees invoice changes made on the server', async () => {
    const client = createBtcpayClient(btcpay);
    const { id } = await client.createInvoice({
      amountCents: 500n,
      orderId: 'TX-S',
      redirectUrl: 'https://app.example/',
    });
    fake.setInvoice(id, { status: 'Settled', additionalStatus: 'PaidOver' });
    expect(await client.getInvoice(id)).toMatchObject({
      id,
      status: 'Settled',
      additionalStatus: 'PaidOver',
      amount: '5.00',
    });
  });

  it('reports a wrong API key as 401 without leaking the key', async () => {
    const client = createBtcpayClient({ ...btcpay, apiKey: 'wrong-secret-key' });
    const err = await failure(
      client.createInvoice({ amountCents: 100n, orderId: 'TX-A', redirectUrl: 'https://app.example/' }),
    );
    expect(err.status).toBe(401);
    expect(err.message).not.toContain('wrong-secret-key');
  });

  it('reports unknown invoices and stores as 404', async () => {
    expect((await failure(createBtcpayClient(btcpay).getInvoice('no-such-invoice'))).status).toBe(404);
    expect((await failure(createBtcpayClient({ ...btcpay, storeId: 'other' }).getInvoice('x'))).status).toBe(404);
  });

  it('reports an outage with its status, then works again', async () => {
    const client = createBtcpayClient(btcpay);
    fake.failNext(1, 502);
    expect(
      (await failure(client.createInvoice({ amountCents: 100n, orderId: 'TX-O', redirectUrl: 'https://app.example/' })))
        .status,
    ).toBe(502);
    expect(
      (await client.createInvoice({ amountCents: 100n, orderId: 'TX-O', redirectUrl: 'https://app.example/' })).amount,
    ).toBe('1.00');
  });

  it.each([
    ['a body that is not JSON', '{"id": "abc", '],
    ['an invoice missing fields', JSON.stringify({ id: 'abc', storeId: cfg.storeId, amount: '1.00' })],
    ['an amount that is a float', JSON.stringify({ ...validInvoice(), amount: 12.34 })],
    ['an unknown status', JSON.stringify({ ...validInvoice(), status: 'Paid' })],
  ])('rejects %s', async (_name, body) => {
    const server = await rawServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body));
    try {
      const err = await failure(createBtcpayClient({ ...btcpay, serverUrl: server.url }).getInvoice('abc'));
      expect(err.status).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('accepts a well-formed invoice with extra fields from a bare server', async () => {
    const server = await rawServer((_req, res) =>
      res.writeHead(200).end(JSON.stringify({ ...validInvoice(), monitoringExpiration: 1 })),
    );
    try {
      expect(await createBtcpayClient({ ...btcpay, serverUrl: server.url }).getInvoice('abc')).toMatchObject({
        id: 'abc',
        monitoringExpiration: 1,
      });
    } finally {
      await server.close();
    }
  });

  it('gives up on a server that never answers', async () => {
    const server = await rawServer(() => {
      /* never answers */
    });
    try {
      const started = Date.now();
      const err = await failure(
        createBtcpayClient({ ...btcpay, serverUrl: server.url }, { timeoutMs: 200 }).getInvoice('abc'),
      );
      expect(err.message).toMatch(/timed out/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await server.close();
    }
  });

  it('reports a server that is not there', async () => {
    const server = await rawServer(() => {});
    const { url } = server;
    await server.close();
    await failure(createBtcpayClient({ ...btcpay, serverUrl: url }).getInvoice('abc'));
  });
});

describe('verifyBtcpaySignature', () => {
  const body = '{"type":"InvoiceSettled","invoiceId":"abc","storeId":"s"}';
  const hex = createHmac('sha256', 'whsec-abc').update(body).digest('hex');

  it('accepts the right secret over the exact body, as string or bytes', () => {
    expect(verifyBtcpaySignature(body, `sha256=${hex}`, 'whsec-abc')).toBe(true);
    expect(verifyBtcpaySignature(Buffer.from(body), `sha256=${hex}`, 'whsec-abc')).toBe(true);
  });

  it.each([
    ['a tampered body', body.replace('abc', 'abd'), `sha256=${hex}`, 'whsec-abc'],
    ['a wrong secret', body, `sha256=${hex}`, 'whsec-abd'],
    ['an empty secret', body, `sha256=${createHmac('sha256', '').update(body).digest('hex')}`, ''],
    ['a missing header', body, undefined, 'whsec-abc'],
    ['a header without sha256=', body, hex, 'whsec-abc'],
    ['another algorithm', body, `sha1=${hex}`, 'whsec-abc'],
    ['a shorter hex', body, `sha256=${hex.slice(0, 62)}`, 'whsec-abc'],
    ['a longer hex', body, `sha256=${hex}00`, 'whsec-abc'],
    ['non-hex characters', body, `sha256=${hex.slice(0, 63)}z`, 'whsec-abc'],
  ])('refuses %s', (_name, b, header, secret) => {
    expect(verifyBtcpaySignature(b, header, secret)).toBe(false);
  });
});

describe('fake webhooks', () => {
  it('signs what it sends the way the client verifies it', async () => {
    const got: { sig?: string; type?: string; body: string }[] = [];
    const app = await rawServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push({ sig: req.headers['btcpay-sig'] as string | undefined, type: req.headers['content-type'], body });
        res.writeHead(200).end('ok');
      });
    });
    try {
      const { id } = await createBtcpayClient(btcpay).createInvoice({
        amountCents: 100n,
        orderId: 'TX-W',
        redirectUrl: 'https://app.example/',
      });
      fake.setWebhookUrl(`${app.url}/api/deposits/btcpay/webhook`);

      expect(await fake.sendWebhook(id, 'InvoiceSettled', { extra: { manuallyMarked: false } })).toEqual({
        status: 200,
        body: 'ok',
      });
      await fake.sendWebhook(id, 'InvoiceSettled', { isRedelivery: true });
      await fake.sendWebhook(id, 'InvoiceSettled', { badSignature: true });

      const [first, again, forged] = got;
      expect(first!.type).toBe('application/json');
      expect(verifyBtcpaySignature(first!.body, first!.sig, cfg.webhookSecret)).toBe(true);
      const event = zBtcpayWebhook.parse(JSON.parse(first!.body));
      expect(event).toMatchObject({
        type: 'InvoiceSettled',
        invoiceId: id,
        storeId: cfg.storeId,
        isRedelivery: false,
        manuallyMarked: false,
        metadata: { orderId: 'TX-W' },
      });
      expect(event.originalDeliveryId).toBe(event.deliveryId);

      const redelivery = zBtcpayWebhook.parse(JSON.parse(again!.body));
      expect(verifyBtcpaySignature(again!.body, again!.sig, cfg.webhookSecret)).toBe(true);
      expect(redelivery).toMatchObject({ isRedelivery: true, originalDeliveryId: event.deliveryId });
      expect(redelivery.deliveryId).not.toBe(event.deliveryId);

      expect(verifyBtcpaySignature(forged!.body, forged!.sig, cfg.webhookSecret)).toBe(false);
    } finally {
      await app.close();
    }
  });
});

function validInvoice() {
  return {
    id: 'abc',
    storeId: cfg.storeId,
    amount: '12.34',
    currency: 'USD',
    status: 'New',
    additionalStatus: 'None',
    checkoutLink: 'http://x/i/abc',
    metadata: { orderId: 'TX-1' },
    createdTime: 1,
    expirationTime: 901,
  };
}
