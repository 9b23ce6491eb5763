import { createHmac } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBtcpayFake, type FakeBtcpay } from '../test/btcpay-fake';
import {
  automatesOnChainBtc,
  BTC_ON_CHAIN,
  BtcpayError,
  createBtcpayClient,
  verifyBtcpaySignature,
  zBtcpayPayoutWebhook,
  zBtcpayWebhook,
  type BtcpayConfig,
} from './btcpay';

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

/** A bech32-looking address (the fake does not check checksums); each test pays a fresh one. */
function address(): string {
  const chars = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  return `bc1q${Array.from({ length: 38 }, () => chars[Math.floor(Math.random() * chars.length)]).join('')}`;
}

/** A USD pull payment and an approved payout from it, as the withdrawal flow makes them. */
async function payOut(amountCents: bigint, withdrawalId: string, destination = address()) {
  const client = createBtcpayClient(btcpay);
  const pp = await client.createPullPayment({
    name: `Withdrawal ${withdrawalId}`,
    amountCents,
    payoutMethodId: BTC_ON_CHAIN,
  });
  const payout = await client.createPayout({
    pullPaymentId: pp.id,
    destination,
    amountCents,
    payoutMethodId: BTC_ON_CHAIN,
    metadata: { withdrawalId },
  });
  return { client, pp, payout };
}

describe('BTCPay payouts', () => {
  it('creates a USD payout, reads it back and finds it in the list by withdrawalId', async () => {
    const { client, pp, payout } = await payOut(1234567n, 'WD-1');
    expect(pp).toMatchObject({ amount: '12345.67', currency: 'USD', autoApproveClaims: false });
    expect(payout).toMatchObject({
      pullPaymentId: pp.id,
      originalAmount: '12345.67',
      originalCurrency: 'USD',
      payoutCurrency: 'BTC',
      // 12345.67 USD at the fake's 100,000 USD/BTC, to the satoshi.
      payoutAmount: '0.12345670',
      payoutMethodId: 'BTC-CHAIN',
      state: 'AwaitingPayment',
      paymentProof: null,
      metadata: { withdrawalId: 'WD-1' },
    });

    expect(await client.getPayout(payout.id)).toEqual(payout);
    const found = (await client.listPayouts()).filter((p) => p.metadata.withdrawalId === 'WD-1');
    expect(found).toEqual([payout]);
    expect(fake.requests.slice(-4).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v1/stores/Store%2F1/pull-payments',
      'POST /api/v1/stores/Store%2F1/payouts',
      `GET /api/v1/stores/Store%2F1/payouts/${payout.id}`,
      'GET /api/v1/stores/Store%2F1/payouts',
    ]);
  });

  it('sends the USD amount exactly, approved, under the pull payment', async () => {
    const bodies: unknown[] = [];
    const server = await rawServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        bodies.push(JSON.parse(body));
        const reply = req.url!.endsWith('/pull-payments')
          ? { id: 'pp1', amount: '12345.67', currency: 'USD' }
          : { ...validPayout(), originalAmount: '12345.670' };
        res.writeHead(200).end(JSON.stringify(reply));
      });
    });
    try {
      const client = createBtcpayClient({ ...btcpay, serverUrl: server.url });
      await client.createPullPayment({ name: 'Withdrawal WD-2', amountCents: 1234567n, payoutMethodId: BTC_ON_CHAIN });
      await client.createPayout({
        pullPaymentId: 'pp1',
        destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        amountCents: 1234567n,
        payoutMethodId: BTC_ON_CHAIN,
        metadata: { withdrawalId: 'WD-2' },
      });
      expect(bodies).toEqual([
        {
          name: 'Withdrawal WD-2',
          amount: '12345.67',
          currency: 'USD',
          autoApproveClaims: false,
          payoutMethods: ['BTC-CHAIN'],
        },
        {
          destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          amount: '12345.67',
          payoutMethodId: 'BTC-CHAIN',
          pullPaymentId: 'pp1',
          approved: true,
          metadata: { withdrawalId: 'WD-2' },
        },
      ]);
    } finally {
      await server.close();
    }
  });

  it('exposes the transaction id of a payout in progress, then its completion', async () => {
    const { client, payout } = await payOut(5000n, 'WD-3');
    const txid = 'a'.repeat(64);
    // What BTCPay's automated on-chain sender stores, PascalCase and all.
    fake.setPayout(payout.id, {
      state: 'InProgress',
      paymentProof: {
        ProofType: 'PayoutTransactionOnChainBlob',
        TransactionId: txid,
        Candidates: [txid],
        Accounted: true,
      },
    } as never);
    const sent = await client.getPayout(payout.id);
    expect(sent.state).toBe('InProgress');
    expect(sent.paymentProof).toMatchObject({ proofType: 'PayoutTransactionOnChainBlob', transactionId: txid });

    fake.setPayout(payout.id, { state: 'Completed' });
    expect((await client.getPayout(payout.id)).state).toBe('Completed');

    // A proof marked through the API keeps its own camelCase fields.
    const other = await payOut(100n, 'WD-4');
    fake.setPayout(other.payout.id, {
      state: 'Completed',
      paymentProof: { proofType: 'external-proof', id: 'ref-1', link: 'https://explorer.example/tx/1' },
    });
    expect((await client.getPayout(other.payout.id)).paymentProof).toMatchObject({
      proofType: 'external-proof',
      id: 'ref-1',
      link: 'https://explorer.example/tx/1',
    });
  });

  it('lists cancelled payouts too, since a cancelled payout may be the one we lost', async () => {
    const { client, payout } = await payOut(700n, 'WD-5');
    fake.setPayout(payout.id, { state: 'Cancelled' });
    const found = (await client.listPayouts()).find((p) => p.metadata.withdrawalId === 'WD-5');
    expect(found).toMatchObject({ id: payout.id, state: 'Cancelled' });
  });

  it('refuses a second payout from the same pull payment, so a retried create cannot pay twice', async () => {
    const { client, pp } = await payOut(2500n, 'WD-6');
    const err = await failure(
      client.createPayout({
        pullPaymentId: pp.id,
        destination: address(),
        amountCents: 2500n,
        payoutMethodId: BTC_ON_CHAIN,
        metadata: { withdrawalId: 'WD-6' },
      }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/overdraft/);
  });

  it.each([
    ['a missing destination', { destination: '' }, 422, /valid address/],
    ['an invalid destination', { destination: 'not-an-address' }, 422, /valid address/],
    ['a zero amount', { amountCents: 0n }, 422, /Amount/],
    ['an unknown payout method', { payoutMethodId: 'DOGE-CHAIN' }, 422, /Invalid payment method/],
    ['an unknown pull payment', { pullPaymentId: 'nope' }, 404, /pull payment was not found/],
  ])('reports %s as a BtcpayError with its status', async (_name, patch, status, message) => {
    const client = createBtcpayClient(btcpay);
    const pp = await client.createPullPayment({ name: 'Withdrawal', amountCents: 100n, payoutMethodId: BTC_ON_CHAIN });
    const err = await failure(
      client.createPayout({
        pullPaymentId: pp.id,
        destination: address(),
        amountCents: 100n,
        payoutMethodId: BTC_ON_CHAIN,
        metadata: { withdrawalId: 'WD-X' },
        ...patch,
      }),
    );
    expect(err.status).toBe(status);
    expect(err.message).toMatch(message);
  });

  it('reports a second open payout to the same address as duplicate-destination', async () => {
    const destination = address();
    await payOut(100n, 'WD-7', destination);
    const err = await failure(payOut(100n, 'WD-8', destination));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/already used/);
  });

  it('reports a wrong key, an unknown payout and an outage', async () => {
    expect((await failure(createBtcpayClient({ ...btcpay, apiKey: 'wrong' }).listPayouts())).status).toBe(401);
    expect((await failure(createBtcpayClient(btcpay).getPayout('no-such-payout'))).status).toBe(404);
    fake.failNext(1, 503);
    expect((await failure(createBtcpayClient(btcpay).getPayoutProcessors())).status).toBe(503);
    expect(await createBtcpayClient(btcpay).getPayoutProcessors()).toHaveLength(1);
  });

  it.each([
    ['a payout missing its state', { ...validPayout(), state: undefined }],
    ['an unknown state', { ...validPayout(), state: 'Paid' }],
    ['an amount that is a float', { ...validPayout(), originalAmount: 12.34 }],
    ['a proof without its type', { ...validPayout(), paymentProof: { transactionId: 'abc' } }],
    ['a list with one bad payout', [validPayout(), { ...validPayout(), id: '' }]],
    ['a payout where a list belongs', validPayout()],
  ])('rejects %s', async (name, reply) => {
    const server = await rawServer((_req, res) => res.writeHead(200).end(JSON.stringify(reply)));
    try {
      const client = createBtcpayClient({ ...btcpay, serverUrl: server.url });
      const err = await failure(name.includes('list') ? client.listPayouts() : client.getPayout('p1'));
      expect(err.status).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('refuses a payout that BTCPay made in another currency or amount, naming it', async () => {
    for (const reply of [
      { ...validPayout(), originalCurrency: 'BTC' },
      { ...validPayout(), originalAmount: '12345.68' },
    ]) {
      const server = await rawServer((_req, res) => res.writeHead(200).end(JSON.stringify(reply)));
      try {
        const err = await failure(
          createBtcpayClient({ ...btcpay, serverUrl: server.url }).createPayout({
            pullPaymentId: 'pp1',
            destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
            amountCents: 1234567n,
            payoutMethodId: BTC_ON_CHAIN,
            metadata: { withdrawalId: 'WD-9' },
          }),
        );
        expect(err.message).toContain('payout p1 of');
      } finally {
        await server.close();
      }
    }
  });

  it('reads a BTCPay 1.x payout method name and a foreign withdrawalId without failing', async () => {
    const { payoutMethodId: _, ...old } = validPayout();
    const server = await rawServer((_req, res) =>
      res.writeHead(200).end(JSON.stringify({ ...old, paymentMethod: 'BTC', metadata: { withdrawalId: 42 } })),
    );
    try {
      const payout = await createBtcpayClient({ ...btcpay, serverUrl: server.url }).getPayout('p1');
      expect(payout.payoutMethodId).toBe('BTC');
      expect(payout.metadata.withdrawalId).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('lists payout processors and tells whether on-chain bitcoin is sent automatically', async () => {
    const client = createBtcpayClient(btcpay);
    const processors = await client.getPayoutProcessors();
    expect(processors).toEqual([
      {
        name: 'OnChainAutomatedPayoutSenderFactory',
        friendlyName: 'Automated Bitcoin Sender',
        payoutMethods: ['BTC-CHAIN'],
      },
    ]);
    expect(automatesOnChainBtc(processors)).toBe(true);

    try {
      fake.setPayoutProcessors([
        {
          name: 'LightningAutomatedPayoutSenderFactory',
          friendlyName: 'Automated Lightning Sender',
          payoutMethods: ['BTC-LN'],
        },
      ]);
      expect(automatesOnChainBtc(await client.getPayoutProcessors())).toBe(false);
      fake.setPayoutProcessors([]);
      expect(await client.getPayoutProcessors()).toEqual([]);
      // BTCPay 1.x named the list paymentMethods and on-chain "BTC".
      fake.setPayoutProcessors([{ name: 'OnChainAutomatedPayoutSenderFactory', paymentMethods: ['BTC'] } as never]);
      expect(automatesOnChainBtc(await client.getPayoutProcessors())).toBe(true);
    } finally {
      fake.setPayoutProcessors(processors);
    }
  });
});

function validPayout() {
  return {
    id: 'p1',
    revision: 0,
    pullPaymentId: 'pp1',
    date: 1700000000,
    destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    payoutMethodId: 'BTC-CHAIN',
    originalAmount: '12345.67',
    originalCurrency: 'USD',
    payoutCurrency: 'BTC',
    payoutAmount: '0.12345670',
    state: 'AwaitingPayment',
    paymentProof: null,
    metadata: { withdrawalId: 'WD-1' },
  };
}

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

describe('fake payout webhooks', () => {
  it('sends the body BTCPay sends, signed, and a tampered body fails verification', async () => {
    const got: { sig?: string; body: string }[] = [];
    const app = await rawServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push({ sig: req.headers['btcpay-sig'] as string | undefined, body });
        res.writeHead(200).end('ok');
      });
    });
    try {
      const { payout } = await payOut(300n, 'WD-W');
      fake.setWebhookUrl(`${app.url}/api/withdrawals/btcpay/webhook`);
      expect(await fake.sendPayoutWebhook(payout.id, 'PayoutApproved')).toEqual({ status: 200, body: 'ok' });
      await fake.sendPayoutWebhook(payout.id, 'PayoutApproved', { isRedelivery: true });
      await fake.sendPayoutWebhook(payout.id, 'PayoutUpdated', { badSignature: true });

      const [first, again, forged] = got;
      expect(verifyBtcpaySignature(first!.body, first!.sig, cfg.webhookSecret)).toBe(true);
      const event = zBtcpayPayoutWebhook.parse(JSON.parse(first!.body));
      expect(event).toMatchObject({
        type: 'PayoutApproved',
        storeId: cfg.storeId,
        payoutId: payout.id,
        pullPaymentId: payout.pullPaymentId,
        payoutState: 'AwaitingPayment',
        isRedelivery: false,
      });
      expect(Object.keys(JSON.parse(first!.body) as object).sort()).toEqual(
        [
          'deliveryId',
          'isRedelivery',
          'originalDeliveryId',
          'payoutId',
          'payoutState',
          'pullPaymentId',
          'storeId',
          'timestamp',
          'type',
          'webhookId',
        ].sort(),
      );
      const tampered = first!.body.replace(payout.id, `${payout.id}x`);
      expect(verifyBtcpaySignature(tampered, first!.sig, cfg.webhookSecret)).toBe(false);

      expect(zBtcpayPayoutWebhook.parse(JSON.parse(again!.body))).toMatchObject({
        isRedelivery: true,
        originalDeliveryId: event.deliveryId,
      });
      expect(verifyBtcpaySignature(forged!.body, forged!.sig, cfg.webhookSecret)).toBe(false);
      // An invoice event is not a payout event.
      expect(zBtcpayPayoutWebhook.safeParse({ type: 'InvoiceSettled', storeId: 's', invoiceId: 'i' }).success).toBe(
        false,
      );
    } finally {
      await app.close();
    }
  });
});
