import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { deposits, transactions } from '../../db/schema';
import { fundedUser } from '../../test/accounts';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { startBtcpayFake, type FakeBtcpay } from '../../test/btcpay-fake';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';
import { reconcilePendingInvoices } from './btcpay';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let fake: FakeBtcpay;
const BTCPAY = {
  btcpayApiKey: 'test-api-key-123',
  btcpayStoreId: 'store-abc',
  btcpayWebhookSecret: 'whsec-0123456789',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  fake = await startBtcpayFake({
    apiKey: BTCPAY.btcpayApiKey,
    storeId: BTCPAY.btcpayStoreId,
    webhookSecret: BTCPAY.btcpayWebhookSecret,
    webhookUrl: `http://127.0.0.1:${port}/api/deposits/webhook/btcpay`,
  });
});
// The ledger must verify after every test, not only at the end.
afterEach(async () => expect((await verifyLedger(t.database.db)).problems).toEqual([]));
afterAll(async () => {
  await fake.stop();
  await t.close();
});

const user = (fields: Parameters<typeof fundedUser>[3] = {}) => fundedUser(t.database, admin.userId, 0n, fields);
const deposit = (cookies: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/deposits/new', cookies, payload });
const decide = (id: number, status: string, cookies: Record<string, string> = admin.cookie) =>
  t.app.inject({ method: 'PUT', url: `/api/deposits/update/${id}`, cookies, payload: { status } });
const available = async (userId: number) => (await userBalances(t.database.db, userId)).available;
const statusOf = async (id: number) =>
  (await t.database.db.select({ s: deposits.status }).from(deposits).where(eq(deposits.id, id)))[0]!.s;
const txStatusOf = async (ref: string) =>
  (
    await t.database.db
      .select({ s: transactions.status })
      .from(transactions)
      .where(eq(transactions.referenceNumber, ref))
  )[0]!.s;
const configureBtcpay = (on: boolean) =>
  t.app.settings.update(
    (on
      ? { ...BTCPAY, btcpayServerUrl: fake.url, btcpayOrderReturnUrl: 'https://minevest.example' }
      : {
          btcpayServerUrl: '',
          btcpayApiKey: '',
          btcpayStoreId: '',
          btcpayWebhookSecret: '',
          btcpayOrderReturnUrl: '',
        }) as never,
    admin.userId,
  );

describe('deposits without BTCPay (staff approve)', () => {
  it('records a pending deposit and transaction; approve credits exactly once; a second approve is 409', async () => {
    const u = await user();
    const res = await deposit(u.cookies, { amount: '150.25', currency: 'USDT-TRON' });
    expect(res.statusCode).toBe(201);
    const d = res.json().deposit;
    expect(res.json()).toMatchObject({
      message:
        'Deposit recorded as pending: pay it as shown below; an administrator credits it once the payment is confirmed',
      invoiceUrl: null,
      // No address published for USDT: the screens say to contact support with the reference.
      instructions: { currency: 'USDT-TRON', address: null, qrCode: null, memo: d.referenceNumber, note: '' },
    });
    expect(d).toMatchObject({
      userId: u.userId,
      amount: 150.25,
      currency: 'USDT-TRON',
      status: 'pending',
      invoiceId: null,
    });
    expect(await txStatusOf(d.referenceNumber)).toBe('pending');
    expect(await available(u.userId)).toBe(0n);

    const ok = await decide(d.id, 'settled');
    expect(ok.json()).toMatchObject({ message: 'Deposit approved and credited', deposit: { status: 'settled' } });
    expect(await available(u.userId)).toBe(15_025n);
    expect(await txStatusOf(d.referenceNumber)).toBe('completed');
    const again = await decide(d.id, 'settled');
    expect([again.statusCode, again.json().message]).toEqual([409, 'This deposit has already been credited']);
    expect((await decide(d.id, 'invalid')).statusCode).toBe(409);
    expect(await available(u.userId)).toBe(15_025n);
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('shows the operator’s payment instructions with a pending deposit, and its receipt until it is decided', async () => {
    const u = await user();
    const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    await t.app.settings.update(
      { depositAddressBtc: address, depositInstructions: 'Put {reference} in the memo.' },
      admin.userId,
    );
    try {
      const res = await deposit(u.cookies, { amount: 75, currency: 'BTC' });
      const { deposit: d, instructions } = res.json();
      expect(instructions).toMatchObject({
        currency: 'BTC',
        address,
        memo: d.referenceNumber,
        note: `Put ${d.referenceNumber} in the memo.`,
      });
      expect(instructions.qrCode).toMatch(/^data:image\/png;base64,/);
      // Issue 18: the description says what it is, never a status that outlives a decision.
      const order = () =>
        t.app.inject({ method: 'GET', url: `/api/transactions/reference/${d.referenceNumber}`, cookies: u.cookies });
      expect((await order()).json()).toMatchObject({
        description: 'Deposit (BTC)',
        state: 'pending',
        paymentInstructions: { address, memo: d.referenceNumber },
      });
      expect((await decide(d.id, 'settled')).statusCode).toBe(200);
      expect((await order()).json()).toMatchObject({
        description: 'Deposit (BTC)',
        status: 'completed',
        state: 'settled',
        paymentInstructions: null,
      });
    } finally {
      await t.app.settings.update({ depositAddressBtc: '', depositInstructions: '' }, admin.userId);
    }
  });

  it('gives a rejected and an expired deposit their own state and report word, though both transactions failed', async () => {
    const u = await user();
    const rejected = (await deposit(u.cookies, { amount: 11, currency: 'BTC' })).json().deposit;
    expect((await decide(rejected.id, 'invalid')).statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/transactions/user/${u.userId}`,
      cookies: u.cookies,
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({ referenceNumber: rejected.referenceNumber, status: 'failed', state: 'invalid' }),
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/reports/transactions?period=all',
      cookies: admin.cookie,
    });
    const line = csv.body.split('\n').find((l) => l.includes(rejected.referenceNumber))!;
    expect(line).toContain(',Rejected,');
    expect(line).not.toMatch(/awaiting/);
  });

  it('reject marks it invalid and its transaction failed, moving nothing', async () => {
    const u = await user();
    const d = (await deposit(u.cookies, { amount: 20, currency: 'BTC' })).json().deposit;
    expect((await decide(d.id, 'invalid')).json().deposit.status).toBe('invalid');
    expect(await txStatusOf(d.referenceNumber)).toBe('failed');
    expect((await decide(d.id, 'settled')).json().message).toBe('This deposit is already settled, expired or invalid');
    expect(await available(u.userId)).toBe(0n);
  });

  it('two admins approving at the same moment credit once', async () => {
    const u = await user();
    const d = (await deposit(u.cookies, { amount: 75, currency: 'LTC' })).json().deposit;
    const results = await Promise.all(Array.from({ length: 6 }, () => decide(d.id, 'settled')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await available(u.userId)).toBe(7_500n);
  });

  it('refuses bad input with the spec message and creates nothing', async () => {
    const u = await user();
    for (const amount of ['abc', 0, -10, '1.234', 1e12, null]) {
      const res = await deposit(u.cookies, { amount, currency: 'BTC' });
      expect([res.statusCode, res.json().message]).toEqual([400, 'Please enter a valid deposit amount']);
    }
    expect((await deposit(u.cookies, { amount: 10, currency: 'DOGE' })).json().message).toBe(
      'Please choose BTC, USDT (USDT-TRON) or LTC',
    );
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, u.userId))).toHaveLength(0);
    expect((await deposit({}, { amount: 10, currency: 'BTC' })).statusCode).toBe(401);
    const unverified = await user({ isEmailVerified: false });
    // Issue 16: an unverified email is 403 EMAIL_NOT_VERIFIED for every money request (was 422).
    expect((await deposit(unverified.cookies, { amount: 10, currency: 'BTC' })).statusCode).toBe(403);
  });

  it('the same idempotency key never creates a second deposit', async () => {
    const u = await user();
    const body = { amount: 10, currency: 'BTC', idempotencyKey: 'deposit-form-0001' };
    const [a, b] = [await deposit(u.cookies, body), await deposit(u.cookies, body)];
    expect([a.statusCode, b.statusCode]).toEqual([201, 200]);
    expect(b.json().deposit.id).toBe(a.json().deposit.id);
  });

  it('only admins decide, staff list, and a user reads only their own deposits', async () => {
    const u = await user();
    const other = await user();
    const d = (await deposit(u.cookies, { amount: 10, currency: 'BTC' })).json().deposit;
    const mod = await signIn(t.database, 'moderator');
    expect((await decide(d.id, 'settled', mod.cookie)).statusCode).toBe(403);
    expect((await decide(d.id, 'settled', u.cookies)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/deposits/all?status=pending', cookies: mod.cookie }))
        .json()
        .data.every((x: { status: string }) => x.status === 'pending'),
    ).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/deposits/all', cookies: u.cookies })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/deposits/${u.userId}/user`, cookies: u.cookies })).json(),
    ).toMatchObject({ totalItems: 1, data: [{ id: d.id }] });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/deposits/${u.userId}/user`, cookies: other.cookies })).statusCode,
    ).toBe(403);
    expect((await decide(999_999, 'settled')).statusCode).toBe(404);
  });

  it('deposit metrics: counts, settled total and average (2 decimals)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics/deposits', cookies: admin.cookie });
    const m = res.json();
    expect(m.totalDeposits).toBeGreaterThanOrEqual(m.settledDeposits + m.pendingDeposits);
    expect(m.averageAmount).toBeCloseTo(m.totalDepositAmount / m.settledDeposits, 2);
  });
});

describe('deposits through BTCPay', () => {
  beforeAll(() => configureBtcpay(true));
  afterAll(() => configureBtcpay(false));

  const newInvoiceDeposit = async (amount = '42.10') => {
    const u = await user();
    const res = await deposit(u.cookies, { amount, currency: 'BTC' });
    expect(res.statusCode).toBe(201);
    const d = res.json().deposit;
    return { u, d, invoiceId: d.invoiceId as string, invoiceUrl: res.json().invoiceUrl as string };
  };

  it('creates a Greenfield invoice in USD with the reference and the order page to return to', async () => {
    const { u, d, invoiceId, invoiceUrl } = await newInvoiceDeposit();
    const inv = fake.invoices.get(invoiceId)!;
    expect(inv).toMatchObject({ amount: '42.10', currency: 'USD', metadata: { orderId: d.referenceNumber } });
    expect(invoiceUrl).toBe(inv.checkoutLink);
    expect((inv as { checkout?: { redirectURL?: string } }).checkout?.redirectURL).toMatch(
      new RegExp(`^https://minevest.example/app/[^/]+/order/${d.referenceNumber}$`),
    );
    expect(d.status).toBe('pending');
    expect(await available(u.userId)).toBe(0n);
  });

  it('a settled webhook delivered 5 times and once with a bad signature credits exactly once', async () => {
    const { u, d, invoiceId } = await newInvoiceDeposit('42.10');
    const bad = await fake.sendWebhook(invoiceId, 'InvoiceSettled', { badSignature: true });
    expect(bad.status).toBe(401);
    expect(await statusOf(d.id)).toBe('pending');
    fake.setInvoice(invoiceId, { status: 'Settled' });
    for (let i = 0; i < 5; i++) {
      const res = await fake.sendWebhook(invoiceId, 'InvoiceSettled', { isRedelivery: i > 0 });
      expect(res.status).toBe(200);
    }
    expect(await statusOf(d.id)).toBe('settled');
    expect(await available(u.userId)).toBe(4_210n);
    expect(await txStatusOf(d.referenceNumber)).toBe('completed');
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('never trusts the body: a "settled" event for an invoice BTCPay still calls New changes nothing', async () => {
    const { u, d, invoiceId } = await newInvoiceDeposit();
    const res = await fake.sendWebhook(invoiceId, 'InvoiceSettled', { extra: { status: 'Settled' } });
    expect(res.status).toBe(200);
    expect(await statusOf(d.id)).toBe('pending');
    expect(await available(u.userId)).toBe(0n);
  });

  it('an invoice whose amount or reference does not match goes to review, not credited', async () => {
    const a = await newInvoiceDeposit('10.00');
    fake.setInvoice(a.invoiceId, { status: 'Settled', amount: '1000.00' });
    await fake.sendWebhook(a.invoiceId, 'InvoiceSettled');
    expect(await statusOf(a.d.id)).toBe('review');
    expect(await txStatusOf(a.d.referenceNumber)).toBe('pending');
    const b = await newInvoiceDeposit('10.00');
    fake.setInvoice(b.invoiceId, { status: 'Settled', metadata: { orderId: 'TX-0000-0000-0000' } });
    await fake.sendWebhook(b.invoiceId, 'InvoiceSettled');
    expect(await statusOf(b.d.id)).toBe('review');
    expect(await available(a.u.userId)).toBe(0n);
    expect(await available(b.u.userId)).toBe(0n);
    // Staff decide a reviewed deposit.
    expect((await decide(a.d.id, 'settled')).statusCode).toBe(200);
    expect(await available(a.u.userId)).toBe(1_000n);
  });

  it('paid partially, late or over goes to review; expired and invalid are recorded; final statuses never move back', async () => {
    for (const additionalStatus of ['PaidPartial', 'PaidLate', 'PaidOver'] as const) {
      const x = await newInvoiceDeposit();
      fake.setInvoice(x.invoiceId, {
        status: additionalStatus === 'PaidPartial' ? 'Expired' : 'Settled',
        additionalStatus,
      });
      await fake.sendWebhook(x.invoiceId, 'InvoiceSettled');
      expect(await statusOf(x.d.id)).toBe('review');
      expect(await available(x.u.userId)).toBe(0n);
    }
    const e = await newInvoiceDeposit();
    fake.setInvoice(e.invoiceId, { status: 'Expired' });
    await fake.sendWebhook(e.invoiceId, 'InvoiceExpired');
    expect(await statusOf(e.d.id)).toBe('expired');
    expect(await txStatusOf(e.d.referenceNumber)).toBe('failed');
    // A late "settled" for an expired deposit does not move it back.
    fake.setInvoice(e.invoiceId, { status: 'Settled' });
    await fake.sendWebhook(e.invoiceId, 'InvoiceSettled');
    expect(await statusOf(e.d.id)).toBe('expired');
    expect(await available(e.u.userId)).toBe(0n);

    const i = await newInvoiceDeposit();
    fake.setInvoice(i.invoiceId, { status: 'Invalid' });
    await fake.sendWebhook(i.invoiceId, 'InvoiceInvalid');
    expect(await statusOf(i.d.id)).toBe('invalid');

    const s = await newInvoiceDeposit('5.00');
    fake.setInvoice(s.invoiceId, { status: 'Settled' });
    await fake.sendWebhook(s.invoiceId, 'InvoiceSettled');
    fake.setInvoice(s.invoiceId, { status: 'Invalid' });
    await fake.sendWebhook(s.invoiceId, 'InvoiceInvalid');
    expect(await statusOf(s.d.id)).toBe('settled');
    expect(await available(s.u.userId)).toBe(500n);
  });

  it('answers 401 for a missing signature, 400 for a malformed body, and ignores unknown invoices', async () => {
    const raw = (body: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/deposits/webhook/btcpay',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
    expect((await raw('{"type":"InvoiceSettled"}')).statusCode).toBe(401);
    const { createHmac } = await import('node:crypto');
    const sign = (b: string) => ({
      'btcpay-sig': `sha256=${createHmac('sha256', BTCPAY.btcpayWebhookSecret).update(b).digest('hex')}`,
    });
    expect((await raw('not json', sign('not json'))).statusCode).toBe(400);
    const unknown = JSON.stringify({ type: 'InvoiceSettled', storeId: BTCPAY.btcpayStoreId, invoiceId: 'nope' });
    expect((await raw(unknown, sign(unknown))).json()).toEqual({ status: 'ignored: unknown invoice' });
  });

  it('when BTCPay cannot be reached the webhook answers 502 (BTCPay retries) and nothing changes', async () => {
    const { d, invoiceId } = await newInvoiceDeposit();
    fake.setInvoice(invoiceId, { status: 'Settled' });
    fake.failNext(1, 503);
    expect((await fake.sendWebhook(invoiceId, 'InvoiceSettled')).status).toBe(502);
    expect(await statusOf(d.id)).toBe('pending');
  });

  it('the reconciliation job settles a deposit whose webhook never arrived, once', async () => {
    const { u, d, invoiceId } = await newInvoiceDeposit('12.34');
    fake.setInvoice(invoiceId, { status: 'Settled' });
    const settings = await t.app.settings.get();
    expect(await reconcilePendingInvoices(t.database.db, settings, new Date())).toBeGreaterThanOrEqual(1);
    expect(await reconcilePendingInvoices(t.database.db, settings, new Date())).toBe(0);
    expect(await statusOf(d.id)).toBe('settled');
    expect(await available(u.userId)).toBe(1_234n);
  });

  it('a failed invoice creation answers 502 and records no deposit', async () => {
    const u = await user();
    fake.failNext(1, 500);
    const res = await deposit(u.cookies, { amount: 10, currency: 'BTC' });
    expect([res.statusCode, res.json().message]).toEqual([
      502,
      'The payment processor is not reachable right now. Please try again in a few minutes.',
    ]);
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, u.userId))).toHaveLength(0);
  });
});
