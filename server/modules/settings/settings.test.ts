import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS, PayoutRulesMsg, SECRET_MASK } from '../../../contract/settings';
import { HolidayMsg } from '../../../contract/holidays';
import { queryRows } from '../../test/rows';
import { createTestApp, signIn, type TestContext } from '../../test/app';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let user: Awaited<ReturnType<typeof signIn>>;
let moderator: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  user = await signIn(t.database, 'user');
  moderator = await signIn(t.database, 'moderator');
});
afterAll(() => t.close());

const get = (cookies?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/utils/site-settings', cookies });
const put = (payload: object, cookies: Record<string, string> = admin.cookie) =>
  t.app.inject({ method: 'PUT', url: '/api/utils/site-settings', cookies, payload });

const smtp = {
  smtpHost: 'smtp.example.test',
  smtpPort: 587,
  smtpUser: 'mailer',
  smtpPass: 'hunter2-smtp',
  fromEmail: 'no-reply@example.test',
};
const btcpay = {
  btcpayServerUrl: 'https://pay.example.test',
  btcpayApiKey: 'btcpay-api-key-123',
  btcpayStoreId: 'store-1',
  btcpayWebhookSecret: 'whsec-456',
  btcpayOrderReturnUrl: 'https://site.example.test/order',
};

describe('GET /api/utils/site-settings', () => {
  it('gives an admin every field with defaults and nothing configured', async () => {
    const res = await get(admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.siteName).toBe(DEFAULT_SETTINGS.siteName);
    expect(body.referralLevels).toEqual(['5', '2', '1']);
    expect(body.kycRequiredForWithdrawal).toBe(true);
    expect(body).toMatchObject({
      payoutMode: 'manual',
      autoApproveMax: '',
      autoApproveDailyMax: '',
      autoApproveMinAccountDays: 7,
      fourEyesWithdrawalMin: '',
      fourEyesDepositMin: '',
      payoutStuckHours: 24,
    });
    expect(body.smtpConfigured).toBe(false);
    expect(body.btcpayConfigured).toBe(false);
  });

  it('works with a Bearer token too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/utils/site-settings', headers: admin.bearer });
    expect(res.statusCode).toBe(200);
  });

  it('refuses users with 403 and anonymous callers with 401; moderators read (secrets masked)', async () => {
    const res = await get(user.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Unauthorized: Admin access required', code: 'ADMIN_REQUIRED' });
    const mod = await get(moderator.cookie);
    expect(mod.statusCode).toBe(200);
    expect(mod.json().siteName).toBe(DEFAULT_SETTINGS.siteName);
    expect((await get()).statusCode).toBe(401);
    expect((await get({ LoginToken: 'not-a-real-token' })).statusCode).toBe(401);
  });
});

describe('PUT /api/utils/site-settings', () => {
  it('refuses non-admins with the spec message and changes nothing', async () => {
    for (const who of [user, moderator]) {
      const res = await put({ siteName: 'Hacked' }, who.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to update settings');
    }
    expect((await get(admin.cookie)).json().siteName).toBe(DEFAULT_SETTINGS.siteName);
  });

  it('saves a complete email group, masks the secret and stores it encrypted', async () => {
    const res = await put({ siteName: 'Acme Mining', ...smtp });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.siteName).toBe('Acme Mining');
    expect(body.smtpPass).toBe(SECRET_MASK);
    expect(body.smtpConfigured).toBe(true);
    expect(JSON.stringify((await get(admin.cookie)).json())).not.toContain('hunter2-smtp');

    const [row] = await queryRows<{ dump: string }>(t.database.db, sql`select values::text as dump from site_settings`);
    expect(row!.dump).not.toContain('hunter2-smtp');
    expect(row!.dump).toContain('Acme Mining');
    expect(await t.app.settings.get()).toMatchObject({ smtpPass: 'hunter2-smtp' });
  });

  it('keeps the stored secret when the field comes back blank or masked', async () => {
    expect((await put({ ...smtp, smtpPass: '', smtpHost: 'mail2.example.test' })).statusCode).toBe(200);
    expect((await put({ ...smtp, smtpPass: SECRET_MASK, smtpHost: 'mail3.example.test' })).statusCode).toBe(200);
    const s = await t.app.settings.get();
    expect(s.smtpPass).toBe('hunter2-smtp');
    expect(s.smtpHost).toBe('mail3.example.test');
  });

  it('refuses a half-filled group, naming the missing fields, and writes nothing', async () => {
    const res = await put({ btcpayServerUrl: 'https://pay.example.test', btcpayStoreId: 'store' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['btcpayApiKey', 'btcpayWebhookSecret', 'btcpayOrderReturnUrl']));
    expect((await get(admin.cookie)).json().btcpayConfigured).toBe(false);
  });

  it('treats an emptied group as not configured, secret included', async () => {
    expect((await put(btcpay)).json().btcpayConfigured).toBe(true);
    const res = await put({
      btcpayServerUrl: '',
      btcpayApiKey: '',
      btcpayStoreId: '',
      btcpayWebhookSecret: '',
      btcpayOrderReturnUrl: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().btcpayConfigured).toBe(false);
    expect(res.json().btcpayApiKey).toBe('');
    expect((await t.app.settings.get()).btcpayApiKey).toBe('');
  });

  it.each([
    [{ siteName: '' }, 'siteName'],
    [{ siteUrl: 'not a url' }, 'siteUrl'],
    [{ defaultCurrency: 'EUR' }, 'defaultCurrency'],
    [{ ...smtp, smtpPort: 70000 }, 'smtpPort'],
    [{ ...smtp, fromEmail: 'nope' }, 'fromEmail'],
    [{ referralLevels: ['5', '-1'] }, 'referralLevels.1'],
    [{ referralLevels: ['101'] }, 'referralLevels.0'],
    [{ withdrawalFeePercent: '2.345' }, 'withdrawalFeePercent'],
    [{ withdrawalMin: '-5' }, 'withdrawalMin'],
    [{ maintenanceMode: 'yes' }, 'maintenanceMode'],
    [{ priceRefreshSeconds: 1 }, 'priceRefreshSeconds'],
    [{ holidays: ['2031-02-30'] }, 'holidays.0'],
    [{ holidays: ['25/12/2031'] }, 'holidays.0'],
    [{ payoutMode: 'bank' }, 'payoutMode'],
    [{ autoApproveMax: '1.005' }, 'autoApproveMax'],
    [{ fourEyesDepositMin: '-1' }, 'fourEyesDepositMin'],
    [{ autoApproveMinAccountDays: 3651 }, 'autoApproveMinAccountDays'],
    [{ payoutStuckHours: 0 }, 'payoutStuckHours'],
    [{ payoutStuckHours: 721 }, 'payoutStuckHours'],
  ])('refuses %j with a 400 naming %s', async (payload, field) => {
    const before = (await get(admin.cookie)).json();
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await get(admin.cookie)).json()).toEqual(before);
  });

  it.each([
    [
      { autoApproveMax: '500.01', fourEyesWithdrawalMin: '500' },
      'autoApproveMax',
      PayoutRulesMsg.autoAboveFourEyes(50_000n),
    ],
    [
      { autoApproveMax: '500', autoApproveDailyMax: '499.99' },
      'autoApproveDailyMax',
      PayoutRulesMsg.dailyBelowMax(50_000n),
    ],
    [{ payoutMode: 'btcpay' }, 'payoutMode', PayoutRulesMsg.btcpayNotConfigured],
  ])('refuses the payout rules %j that disagree, saying why, and saves nothing', async (payload, field, message) => {
    const before = (await get(admin.cookie)).json();
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, details: [{ field, message }] });
    expect((await get(admin.cookie)).json()).toEqual(before);
  });

  it('saves the payout rules, and refuses a threshold later lowered under the automatic limit', async () => {
    const rules = {
      autoApproveMax: '250.50',
      autoApproveDailyMax: '1000',
      autoApproveMinAccountDays: '30',
      fourEyesWithdrawalMin: '5000',
      fourEyesDepositMin: '10000',
      payoutStuckHours: 6,
    };
    const res = await put(rules);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...rules, autoApproveMinAccountDays: 30, payoutMode: 'manual' });
    const lowered = await put({ fourEyesWithdrawalMin: '100' });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().message).toBe(PayoutRulesMsg.autoAboveFourEyes(10_000n));
    expect((await t.app.settings.get()).fourEyesWithdrawalMin).toBe('5000');
    // BTCPay mode once BTCPay is configured.
    expect((await put({ ...btcpay, payoutMode: 'btcpay' })).json().payoutMode).toBe('btcpay');
    await put({
      payoutMode: 'manual',
      autoApproveMax: '',
      autoApproveDailyMax: '',
      fourEyesWithdrawalMin: '',
      fourEyesDepositMin: '',
      btcpayServerUrl: '',
      btcpayApiKey: '',
      btcpayStoreId: '',
      btcpayWebhookSecret: '',
      btcpayOrderReturnUrl: '',
    });
  });

  it('ignores fields it does not know (the screen sends back what it got)', async () => {
    const view = (await get(admin.cookie)).json();
    const res = await put({ ...view, siteName: 'Round Trip', somethingElse: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().siteName).toBe('Round Trip');
    expect((await t.app.settings.get()).smtpPass).toBe('hunter2-smtp');
  });

  it('saves operational switches with their types', async () => {
    const res = await put({
      maintenanceMode: true,
      referralLevels: ['7.5', '2'],
      withdrawalFeeFixed: '1.50',
      securityHoldHours: 12,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      maintenanceMode: true,
      referralLevels: ['7.5', '2'],
      withdrawalFeeFixed: '1.50',
      securityHoldHours: 12,
    });
    await put({ maintenanceMode: false });
  });
});

describe('the holiday calendar (Operations)', () => {
  /** `n` consecutive dates from 2031-01-06 (a Monday). */
  const run = (n: number, from = Date.UTC(2031, 0, 6)) =>
    Array.from({ length: n }, (_, i) => new Date(from + i * 86_400_000).toISOString().slice(0, 10));

  it.each([
    ['more than 366 dates', run(367), HolidayMsg.tooMany],
    ['a date twice', ['2031-12-25', '2031-12-25'], HolidayMsg.duplicate],
    // 299 days from a Monday end on a Friday: with the weekends either side, 303 days closed.
    ['a closure of more than 300 days', run(299), HolidayMsg.longRun],
  ])('refuses %s with its message and stores nothing', async (_, holidays, message) => {
    const before = (await get(admin.cookie)).json();
    const res = await put({ holidays });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: 'holidays', message });
    expect((await get(admin.cookie)).json()).toEqual(before);
  });

  // 298 days from a Monday end on a Thursday: 300 days closed with the weekend before, the most allowed.
  it('saves a calendar, shows it to staff and records the change in the audit log', async () => {
    const holidays = ['2031-12-25', '2031-12-26', ...run(298)];
    const res = await put({ holidays });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().holidays).toEqual(holidays);
    expect((await get(moderator.cookie)).json().holidays).toEqual(holidays);
    const [audit] = await queryRows<{ before: { holidays?: string[] }; after: { holidays?: string[] } }>(
      t.database.db,
      sql`select before, after from audit_log where action = 'settings.update' order by id desc limit 1`,
    );
    expect(audit).toEqual({ before: { holidays: [] }, after: { holidays } });
    await put({ holidays: [] });
  });
});

describe('GET /api/utils/public-settings', () => {
  it('is public and holds nothing secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/utils/public-settings' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.siteName).toBe('Round Trip');
    expect(Object.keys(body).sort()).toEqual([
      'defaultCurrency',
      'liveChatWidgetId',
      'maintenanceMode',
      'siteName',
      'siteUrl',
      'socialProviders',
      'supportEmail',
    ]);
    expect(res.body).not.toContain('hunter2');
  });
});
