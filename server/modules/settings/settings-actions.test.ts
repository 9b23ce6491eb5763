import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, mailOutbox, users } from '../../db/schema';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { startBtcpayFake, type FakeBtcpay } from '../../test/btcpay-fake';
import { PayoutTestMsg } from '../../../contract/settings';
import { startSmtpSink } from '../../test/smtp';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let fake: FakeBtcpay;
let admin: Awaited<ReturnType<typeof signIn>>;
let moderator: Awaited<ReturnType<typeof signIn>>;
let user: Awaited<ReturnType<typeof signIn>>;
const BTCPAY = { apiKey: 'fake-api-key', storeId: 'store-1', webhookSecret: 'whsec-1' };

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpSink();
  fake = await startBtcpayFake(BTCPAY);
  admin = await signIn(t.database, 'admin');
  moderator = await signIn(t.database, 'moderator');
  user = await signIn(t.database, 'user');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await fake.stop();
});

const post = (url: string, cookies?: Record<string, string>, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, cookies, payload });
const put = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/utils/site-settings', cookies: admin.cookie, payload });
const noEmail = { smtpHost: '', smtpPort: '', smtpUser: '', smtpPass: '', fromEmail: '' };

describe('POST /api/utils/site-settings/test-email', () => {
  it('says so when SMTP is not configured, sending nothing', async () => {
    const res = await post('/api/utils/site-settings/test-email', admin.cookie, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: false,
      message: 'SMTP is not configured: fill in the Email Configuration group first.',
    });
    expect(smtp.mails).toHaveLength(0);
  });

  it('sends a real mail through the configured server, to the admin by default or to the given address', async () => {
    expect(
      (await put({ smtpHost: '127.0.0.1', smtpPort: smtp.port, fromEmail: 'no-reply@site.test' })).statusCode,
    ).toBe(200);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, admin.userId));
    const own = await post('/api/utils/site-settings/test-email', admin.cookie, {});
    expect(own.json()).toEqual({ ok: true, message: `Test email sent to ${me!.email}` });
    await smtp.waitFor((m) => m.to.includes(me!.email));
    const other = await post('/api/utils/site-settings/test-email', admin.cookie, { to: 'ops@example.test' });
    expect(other.json().ok).toBe(true);
    const mail = await smtp.waitFor((m) => m.to.includes('ops@example.test'));
    expect(mail.raw).toContain('test email');
  });

  it("reports the SMTP server's error text when sending fails", async () => {
    await put({ smtpHost: '127.0.0.1', smtpPort: 1, fromEmail: 'no-reply@site.test' });
    const res = await post('/api/utils/site-settings/test-email', admin.cookie, { to: 'ops@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().ok).toBe(false);
    expect(res.json().message).toMatch(/^SMTP error: .*ECONNREFUSED/);
    const [last] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(last).toMatchObject({ status: 'failed' });
    await put(noEmail);
  });

  it('refuses a bad address (400), moderators and users (403) and anonymous callers (401)', async () => {
    const bad = await post('/api/utils/site-settings/test-email', admin.cookie, { to: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    for (const who of [moderator, user]) {
      const res = await post('/api/utils/site-settings/test-email', who.cookie, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to update settings');
    }
    expect((await post('/api/utils/site-settings/test-email', undefined, {})).statusCode).toBe(401);
  });
});

describe('POST /api/utils/site-settings/test-btcpay', () => {
  const test = (cookies?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/utils/site-settings/test-btcpay', cookies });

  it('says so when BTCPay is not configured', async () => {
    expect((await test(admin.cookie)).json()).toEqual({
      ok: false,
      message: 'BTCPay Server is not configured: fill in the Payment Settings group first.',
    });
  });

  it('reads the store through Greenfield with the stored key, and reports a wrong key or store', async () => {
    const cfg = {
      btcpayServerUrl: fake.url,
      btcpayApiKey: BTCPAY.apiKey,
      btcpayStoreId: BTCPAY.storeId,
      btcpayWebhookSecret: BTCPAY.webhookSecret,
      btcpayOrderReturnUrl: 'https://site.test',
    };
    expect((await put(cfg)).statusCode).toBe(200);
    const ok = await test(admin.cookie);
    expect(ok.json()).toEqual({ ok: true, message: 'Connected to BTCPay Server: store "Fake store" (store-1)' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/api/v1/stores/store-1',
      authorization: `token ${BTCPAY.apiKey}`,
    });

    await put({ btcpayApiKey: 'wrong-key' });
    const wrongKey = (await test(admin.cookie)).json();
    expect(wrongKey.ok).toBe(false);
    expect(wrongKey.message).toContain('HTTP 401');

    await put({ btcpayApiKey: BTCPAY.apiKey, btcpayStoreId: 'no-such-store' });
    const wrongStore = (await test(admin.cookie)).json();
    expect(wrongStore).toMatchObject({
      ok: false,
      message: expect.stringContaining('HTTP 404 (The store was not found)'),
    });
  });

  it('refuses moderators and users (403) and anonymous callers (401)', async () => {
    for (const who of [moderator, user]) expect((await test(who.cookie)).statusCode).toBe(403);
    expect((await test()).statusCode).toBe(401);
  });
});

describe('POST /api/utils/site-settings/test-payouts', () => {
  const test = (cookies?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/utils/site-settings/test-payouts', cookies });
  // The fake's URL is known once it runs: each test adds it.
  const cfg = {
    btcpayApiKey: BTCPAY.apiKey,
    btcpayStoreId: BTCPAY.storeId,
    btcpayWebhookSecret: BTCPAY.webhookSecret,
    btcpayOrderReturnUrl: 'https://site.test',
  };
  const noBtcpay = {
    payoutMode: 'manual',
    btcpayServerUrl: '',
    btcpayApiKey: '',
    btcpayStoreId: '',
    btcpayWebhookSecret: '',
    btcpayOrderReturnUrl: '',
  };

  it('says so when BTCPay is not configured, calling nothing', async () => {
    expect((await put(noBtcpay)).statusCode).toBe(200);
    const calls = fake.requests.length;
    const res = await test(admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: false, message: PayoutTestMsg.notConfigured });
    expect(fake.requests.length).toBe(calls);
  });

  it('reads the store and its payout processors: ready only with the automated on-chain BTC sender', async () => {
    expect((await put({ ...cfg, btcpayServerUrl: fake.url, payoutMode: 'btcpay' })).statusCode).toBe(200);
    expect((await test(admin.cookie)).json()).toEqual({ ok: true, message: PayoutTestMsg.ready('Fake store') });
    expect(fake.requests.slice(-2)).toMatchObject([
      { method: 'GET', path: '/api/v1/stores/store-1', authorization: `token ${BTCPAY.apiKey}` },
      { method: 'GET', path: '/api/v1/stores/store-1/payout-processors', authorization: `token ${BTCPAY.apiKey}` },
    ]);

    // In manual mode the store is ready, and the answer says BTCPay is not used yet.
    await put({ payoutMode: 'manual' });
    expect((await test(admin.cookie)).json()).toEqual({
      ok: true,
      message: PayoutTestMsg.readyManual('Fake store'),
    });

    // No processor, or one for Lightning only: payouts would never be sent. The answer says how to enable it.
    for (const list of [[], [{ name: 'LightningAutomatedPayoutSenderFactory', payoutMethods: ['BTC-LN'] }]]) {
      fake.setPayoutProcessors(list);
      const res = (await test(admin.cookie)).json();
      expect(res).toEqual({ ok: false, message: PayoutTestMsg.noProcessor('Fake store') });
      expect(res.message).toContain('Store → Payout Processors → Automated Bitcoin Sender');
    }
    fake.setPayoutProcessors([
      {
        name: 'OnChainAutomatedPayoutSenderFactory',
        friendlyName: 'Automated Bitcoin Sender',
        payoutMethods: ['BTC-CHAIN'],
      },
    ]);
    expect((await test(admin.cookie)).json().ok).toBe(true);
  });

  it('tells an unreachable or failing server from one that refuses the key or store', async () => {
    expect((await put({ ...cfg, btcpayServerUrl: fake.url, payoutMode: 'btcpay' })).statusCode).toBe(200);
    fake.failNext(1, 503);
    const outage = (await test(admin.cookie)).json();
    expect(outage.ok).toBe(false);
    expect(outage.message).toMatch(/^BTCPay Server is not reachable: .*HTTP 503/);

    await put({ btcpayApiKey: 'wrong-key' });
    const wrongKey = (await test(admin.cookie)).json();
    expect(wrongKey.ok).toBe(false);
    expect(wrongKey.message).toMatch(/^BTCPay Server refused the check: .*HTTP 401/);
    expect(wrongKey.message).toContain('Check the API key');

    // Nothing listens on the port of a stopped server.
    const gone = await startBtcpayFake(BTCPAY);
    await gone.stop();
    await put({ btcpayApiKey: BTCPAY.apiKey, btcpayServerUrl: gone.url });
    const down = (await test(admin.cookie)).json();
    expect(down).toEqual({
      ok: false,
      message: expect.stringMatching(/^BTCPay Server is not reachable: .*could not reach the server$/),
    });
    await put(noBtcpay);
  });

  it('refuses moderators and users (403) and anonymous callers (401)', async () => {
    for (const who of [moderator, user]) expect((await test(who.cookie)).statusCode).toBe(403);
    expect((await test()).statusCode).toBe(401);
  });
});

describe('PUT /api/utils/site-settings audit', () => {
  it('records who changed what in the same transaction, secrets masked', async () => {
    const res = await put({
      siteName: 'Audited Site',
      smtpHost: 'smtp.example.test',
      smtpPort: 587,
      smtpUser: 'u',
      smtpPass: 'super-secret-pass',
      fromEmail: 'a@example.test',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.actorId, admin.userId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ targetType: 'settings', actorRole: 'admin' });
    expect(row!.after).toMatchObject({
      siteName: 'Audited Site',
      smtpHost: 'smtp.example.test',
      smtpPass: '•••••••• (changed)',
    });
    expect(row!.before).toMatchObject({ smtpPass: '' });
    expect(JSON.stringify(row)).not.toContain('super-secret-pass');

    // A refused change writes no audit row.
    const count = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).length;
    const n = await count();
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/utils/site-settings',
          cookies: moderator.cookie,
          payload: { siteName: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await put({ siteUrl: 'not a url' })).statusCode).toBe(400);
    expect(await count()).toBe(n);
  });
});
