import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WithdrawMsg } from '../../../contract/funds';
import { fundedUser } from '../../test/accounts';
import { approveKyc } from '../../test/kyc';
import type { signIn, TestContext } from '../../test/app';
import { appWithBtcpay, btcpaySettings, newWallet } from '../../test/btcpay-app';
import type { FakeBtcpay } from '../../test/btcpay-fake';

/**
 * The withdrawal quote says how the withdrawal would be paid (`pays`) by the same rules the request runs,
 * with the user's own facts, and the general automatic limit (`autoPayMax`) the withdraw screen explains.
 */
let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let fake: FakeBtcpay;
const BTCPAY = { btcpayApiKey: 'quote-key-123', btcpayStoreId: 'store-q', btcpayWebhookSecret: 'whsec-quote-0123' };
const RULES = {
  payoutMode: 'btcpay',
  autoApproveMax: '1000.00',
  autoApproveDailyMax: '1500.00',
  autoApproveMinAccountDays: 0,
  fourEyesWithdrawalMin: '',
  kycRequiredForWithdrawal: true,
};
const DAY_MS = 86_400_000;

let stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, admin, fake, stop } = await appWithBtcpay(BTCPAY));
});
beforeEach(() => t.app.settings.update({ ...btcpaySettings(BTCPAY, fake), ...RULES } as never, admin.userId));
afterAll(() => stop());

type Investor = { userId: number; cookies: Record<string, string> };
async function investor(fields: Parameters<typeof fundedUser>[3] = {}, verified = true): Promise<Investor> {
  const u = await fundedUser(t.database, admin.userId, 500_000n, { btcWalletAddress: newWallet(), ...fields });
  if (verified) await approveKyc(t.database, u.userId);
  return u;
}
const quote = async (u: Investor, amount: string, currency = 'BTC') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/investments/withdraw/quote?amount=${amount}&currency=${currency}`,
    cookies: u.cookies,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { pays: string; autoPayMax: number | null; problem: string | null };
};
const withdraw = (u: Investor, amount: string, currency = 'BTC') =>
  t.app.inject({
    method: 'POST',
    url: '/api/investments/withdraw',
    cookies: u.cookies,
    payload: { userId: u.userId, amount, currency },
  });

/** Quotes, then requests the same withdrawal: the quote must have told how the request was routed. */
async function quotedThenRequested(u: Investor, amount: string, currency = 'BTC') {
  const q = await quote(u, amount, currency);
  const res = await withdraw(u, amount, currency);
  expect(res.statusCode, res.body).toBe(201);
  const { message, withdrawal } = res.json() as {
    message: string;
    withdrawal: { status: string; approvalRoute: string; approvalRule: string };
  };
  expect(q.pays, `${amount} ${currency}: ${withdrawal.approvalRule}`).toBe(
    withdrawal.approvalRoute === 'auto' ? 'automatically' : 'after-review',
  );
  return { pays: q.pays, rule: withdrawal.approvalRule, status: withdrawal.status, message };
}

describe('GET /investments/withdraw/quote: pays and autoPayMax', () => {
  it('a BTC withdrawal within every rule is quoted as sent automatically, and it is', async () => {
    const u = await investor();
    expect(await quote(u, '1000.00')).toMatchObject({ pays: 'automatically', autoPayMax: 1000, problem: null });
    expect(await quotedThenRequested(u, '1000.00')).toEqual({
      pays: 'automatically',
      rule: 'all-rules-passed',
      status: 'paying',
      message: WithdrawMsg.requestedSending(100_000n),
    });
  });

  it('each rule that sends a withdrawal to staff is quoted as after review, and the request goes to staff', async () => {
    const bank = { bankAccountHolder: 'Ada L', bankName: 'Bank', bankAccountNumber: 'NL91ABNA0417164300' };
    const cases: [string, () => Promise<Investor>, string, string][] = [
      ['over-auto-max', () => investor(), '1000.01', 'BTC'],
      ['manual-currency', () => investor({ ethWalletAddress: `T${newWallet()}` }), '10', 'USDT-TRON'],
      ['manual-currency', () => investor(bank), '10', 'USD'],
      ['account-too-new', () => investor({ createdAt: new Date(Date.now() - 2 * DAY_MS) }), '10', 'BTC'],
    ];
    await t.app.settings.update({ autoApproveMinAccountDays: 30 } as never, admin.userId);
    for (const [rule, make, amount, currency] of cases) {
      const u = await make();
      const done = await quotedThenRequested(u, amount, currency);
      expect(done, rule).toMatchObject({ pays: 'after-review', rule, status: 'pending' });
      expect(done.message, rule).toBe(WithdrawMsg.requested(BigInt(Math.round(Number(amount) * 100)), ''));
    }
  });

  it("counts the user's own last 24 hours against the daily limit", async () => {
    const u = await investor();
    expect((await quotedThenRequested(u, '1000.00')).pays).toBe('automatically');
    // 1,000 already today: 500 more fits the 1,500 daily limit, 500.01 does not.
    expect((await quote(u, '500.01')).pays).toBe('after-review');
    expect((await quote(u, '500.00')).pays).toBe('automatically');
    // Another user's day is their own.
    expect((await quote(await investor(), '1000.00')).pays).toBe('automatically');
  });

  it('a possible duplicate account is reviewed, without the quote saying why', async () => {
    const btcWalletAddress = newWallet();
    const a = await investor({ btcWalletAddress });
    const b = await investor({ btcWalletAddress });
    const q = await quote(b, '10');
    expect(q).toMatchObject({ pays: 'after-review', problem: null });
    expect(JSON.stringify(q)).not.toMatch(/duplicate/i);
    expect((await quotedThenRequested(a, '10')).rule).toBe('duplicate-account');
  });

  it('unverified identity: refused, and never quoted as automatic', async () => {
    const u = await investor({}, false);
    expect(await quote(u, '10')).toMatchObject({ pays: 'after-review', problem: WithdrawMsg.kycRequired });
  });

  it('autoPayMax: the automatic limit, a cent below the two-approval threshold when they meet', async () => {
    const u = await investor();
    expect((await quote(u, '10')).autoPayMax).toBe(1000);
    // Settings keep the automatic limit at or below the threshold; at it, the threshold wins.
    await t.app.settings.update({ fourEyesWithdrawalMin: '1000.00' } as never, admin.userId);
    expect((await quote(u, '10')).autoPayMax).toBe(999.99);
    expect((await quote(u, '999.99')).pays).toBe('automatically');
    expect((await quotedThenRequested(u, '1000.00')).rule).toBe('four-eyes-threshold');
  });

  it('nothing is sent automatically in manual mode or with automatic approval off', async () => {
    for (const [patch, rule] of [
      [{ payoutMode: 'manual' }, 'manual-mode'],
      [{ autoApproveMax: '' }, 'auto-approval-off'],
    ] as const) {
      await t.app.settings.update({ ...RULES, ...patch } as never, admin.userId);
      const u = await investor();
      expect(await quote(u, '10'), rule).toMatchObject({ pays: 'after-review', autoPayMax: null });
      expect((await quotedThenRequested(u, '10')).rule).toBe(rule);
    }
  });

  it('bad input is a 400, not a quote', async () => {
    const u = await investor();
    for (const q of ['amount=abc&currency=BTC', 'amount=10&currency=DOGE', 'amount=-1&currency=BTC', 'currency=BTC'])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/investments/withdraw/quote?${q}`, cookies: u.cookies }))
          .statusCode,
        q,
      ).toBe(400);
  });
});
