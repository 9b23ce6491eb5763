import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, users, withdrawals } from '../../db/schema';
import { fundedUser } from '../../test/accounts';
import { approveKyc } from '../../test/kyc';
import { signIn, type TestContext } from '../../test/app';
import { appWithBtcpay, btcpaySettings, newWallet } from '../../test/btcpay-app';
import type { FakeBtcpay } from '../../test/btcpay-fake';
import { queryRows } from '../../test/rows';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';
import { BTC_ON_CHAIN, createBtcpayClient } from '../../integrations/btcpay';
import { btcpayConfig } from '../deposits/service';
import { reconcilePayouts, stuckPayouts } from './payouts';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let admin2: Awaited<ReturnType<typeof signIn>>;
let fake: FakeBtcpay;
const BTCPAY = {
  btcpayApiKey: 'test-api-key-123',
  btcpayStoreId: 'store-abc',
  btcpayWebhookSecret: 'whsec-0123456789',
};

let stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, admin, fake, stop } = await appWithBtcpay(BTCPAY));
  admin2 = await signIn(t.database, 'admin');
  await t.app.settings.update(btcpaySettings(BTCPAY, fake) as never, admin.userId);
});
beforeEach(() =>
  t.app.settings.update(
    {
      payoutMode: 'btcpay',
      autoApproveMax: '1000.00',
      autoApproveDailyMax: '',
      autoApproveMinAccountDays: 0,
      fourEyesWithdrawalMin: '',
      withdrawalFeeFixed: '1.50',
    } as never,
    admin.userId,
  ),
);
afterEach(async () => expect((await verifyLedger(t.database.db)).problems).toEqual([]));
afterAll(() => stop());

/** A funded investor with verified identity and a wallet of their own. */
async function investor(cents = 500_000n, fields: Parameters<typeof fundedUser>[3] = {}) {
  const u = await fundedUser(t.database, admin.userId, cents, { btcWalletAddress: newWallet(), ...fields });
  await approveKyc(t.database, u.userId);
  return u;
}
const withdraw = (cookies: Record<string, string>, userId: number, amount: string, currency = 'BTC') =>
  t.app.inject({ method: 'POST', url: '/api/investments/withdraw', cookies, payload: { userId, amount, currency } });
const approve = (id: number, cookies: Record<string, string> = admin.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/transactions/withdrawals/${id}/status`,
    cookies,
    payload: { status: 'settled' },
  });
const row = async (id: number) => (await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const platform = async (kind: string) =>
  BigInt(
    (
      await queryRows<{ s: string }>(
        t.database.db,
        sql`select coalesce(sum(p.amount), 0) as s from postings p join ledger_accounts a on a.id = p.account_id where a.user_id is null and a.kind = ${kind}`,
      )
    )[0]!.s,
  );
const payoutsOf = (id: number) => [...fake.payouts.values()].filter((p) => p.metadata.withdrawalId === String(id));
const audits = async (id: number) =>
  (
    await t.database.db
      .select({ action: auditLog.action, actor: auditLog.actorUserName, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'withdrawal'), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id)
  ).map((a) => ({ ...a, after: a.after as Record<string, unknown> }));

describe('automatic approval and BTCPay payouts', () => {
  it('a withdrawal within every rule is paid by BTCPay: webhooks in any order, repeated, settle it once', async () => {
    const u = await investor();
    const [external0, fees0] = [await platform('external_withdrawals'), await platform('fees')];
    const res = await withdraw(u.cookies, u.userId, '250.00');
    expect(res.statusCode).toBe(201);
    const id = res.json().withdrawal.id as number;
    expect(res.json().withdrawal).toMatchObject({
      status: 'paying',
      approvalRoute: 'auto',
      approvalRule: 'all-rules-passed',
    });
    const [payout] = payoutsOf(id);
    expect(payoutsOf(id)).toHaveLength(1);
    // The net amount in USD (fee 1.50 kept), to the wallet saved at request time, approved on creation.
    expect(payout).toMatchObject({ originalAmount: '248.50', originalCurrency: 'USD', state: 'AwaitingPayment' });
    expect(payout!.destination).toBe((await row(id)).destination);
    expect(await row(id)).toMatchObject({ payoutId: payout!.id, payoutState: 'AwaitingPayment', status: 'paying' });
    // The investor's receipt: Sending, with BTCPay's state and no transaction yet.
    const ref = res.json().withdrawal.referenceNumber as string;
    const receipt = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/transactions/reference/${ref}`, cookies: u.cookies })).json();
    expect(await receipt()).toMatchObject({
      state: 'paying',
      payout: { state: 'AwaitingPayment', txid: null, link: null },
    });

    const txid = 'a'.repeat(64);
    fake.setPayout(payout!.id, {
      state: 'Completed',
      paymentProof: { proofType: 'PayoutTransactionOnChainBlob', transactionId: txid },
    });
    // Out of order and repeated: a late "created" after the completion, the completion twice, a redelivery.
    for (const [type, opts] of [
      ['PayoutUpdated', {}],
      ['PayoutCreated', {}],
      ['PayoutUpdated', { isRedelivery: true }],
      ['PayoutApproved', {}],
    ] as const)
      expect((await fake.sendPayoutWebhook(payout!.id, type, opts)).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'settled', payoutState: 'Completed', payoutTxid: txid });
    expect((await row(id)).payoutLink).toBe(`https://mempool.space/tx/${txid}`);
    expect(await platform('external_withdrawals')).toBe(external0 + 24_850n);
    expect(await platform('fees')).toBe(fees0 + 150n);
    const bal = await userBalances(t.database.db, u.userId);
    expect(bal).toMatchObject({ available: 475_000n, withdrawal_hold: 0n });
    expect(await receipt()).toMatchObject({
      state: 'settled',
      payoutReference: txid,
      payout: { state: 'Completed', txid, link: `https://mempool.space/tx/${txid}` },
    });
    // The receipt's view carries the transaction and its explorer link.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/transactions/withdrawals/${u.userId}`,
      cookies: u.cookies,
    });
    expect(view.json().data[0]).toMatchObject({
      status: 'settled',
      payoutReference: txid,
      payout: { id: payout!.id, state: 'Completed', txid, link: `https://mempool.space/tx/${txid}` },
    });
    const trail = await audits(id);
    expect(trail.map((a) => [a.action, a.actor])).toEqual([
      ['withdrawal.route', 'system'],
      ['withdrawal.approve', 'system'],
      ['withdrawal.payout_completed', 'system'],
    ]);
    expect(trail[0]!.after).toMatchObject({ route: 'auto', rule: 'all-rules-passed' });
  });

  it('the first failing rule sends it to staff, recorded in the audit log; non-BTC and manual mode stay manual', async () => {
    const cases: [string, () => Promise<{ cookies: Record<string, string>; userId: number }>, string, string][] = [
      ['over-auto-max', () => investor(), '1000.01', 'BTC'],
      [
        'kyc-not-approved',
        () => fundedUser(t.database, admin.userId, 500_000n, { btcWalletAddress: newWallet() }),
        '10',
        'BTC',
      ],
      ['manual-currency', () => investor(500_000n, { ethWalletAddress: `T${newWallet()}` }), '10', 'USDT-TRON'],
    ];
    await t.app.settings.update({ kycRequiredForWithdrawal: false } as never, admin.userId);
    try {
      for (const [rule, make, amount, currency] of cases) {
        const u = await make();
        const res = await withdraw(u.cookies, u.userId, amount, currency);
        expect(res.statusCode, rule).toBe(201);
        const id = res.json().withdrawal.id as number;
        expect(res.json().withdrawal, rule).toMatchObject({
          status: 'pending',
          approvalRoute: 'staff',
          approvalRule: rule,
        });
        expect(payoutsOf(id), rule).toEqual([]);
        expect((await audits(id))[0]!.after, rule).toMatchObject({ route: 'staff', rule });
      }
    } finally {
      await t.app.settings.update({ kycRequiredForWithdrawal: true } as never, admin.userId);
    }
    // An account younger than the set minimum (a security hold refuses the request itself, so no case here).
    await t.app.settings.update({ autoApproveMinAccountDays: 30 } as never, admin.userId);
    const young = await investor();
    const tooNew = await withdraw(young.cookies, young.userId, '10');
    expect(tooNew.json().withdrawal).toMatchObject({ status: 'pending', approvalRule: 'account-too-new' });
    await t.app.settings.update({ autoApproveMinAccountDays: 0 } as never, admin.userId);
    // A duplicate-account flag: another account with the same wallet.
    const twin = await investor();
    const [found] = await t.database.db
      .select({ btcWalletAddress: users.btcWalletAddress })
      .from(users)
      .where(eq(users.id, twin.userId));
    const u = await investor(500_000n, { btcWalletAddress: found!.btcWalletAddress });
    const dup = await withdraw(u.cookies, u.userId, '10');
    expect(dup.json().withdrawal).toMatchObject({ status: 'pending', approvalRule: 'duplicate-account' });
    // Manual mode: staff decide, and approving marks it paid by hand.
    await t.app.settings.update({ payoutMode: 'manual' } as never, admin.userId);
    const m = await investor();
    const manual = await withdraw(m.cookies, m.userId, '10');
    expect(manual.json().withdrawal).toMatchObject({ status: 'pending', approvalRule: 'manual-mode' });
    const decided = await approve(manual.json().withdrawal.id);
    expect(decided.statusCode).toBe(200);
    expect(decided.json().withdrawal).toMatchObject({ status: 'settled', payout: null });
  });

  it('two staff approving at the same moment create one payout; the other is told it is decided', async () => {
    const u = await investor();
    const id = (await withdraw(u.cookies, u.userId, '1500.00')).json().withdrawal.id as number;
    expect((await row(id)).status).toBe('pending');
    const answers = await Promise.all([approve(id, admin.cookie), approve(id, admin2.cookie)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(payoutsOf(id)).toHaveLength(1);
    expect((await row(id)).status).toBe('paying');
  });

  it('a cancelled payout returns the hold once and tells the user why', async () => {
    const u = await investor();
    const id = (await withdraw(u.cookies, u.userId, '100.00')).json().withdrawal.id as number;
    const [payout] = payoutsOf(id);
    expect((await userBalances(t.database.db, u.userId)).available).toBe(490_000n);
    fake.setPayout(payout!.id, { state: 'Cancelled' });
    for (let i = 0; i < 3; i++) expect((await fake.sendPayoutWebhook(payout!.id, 'PayoutUpdated')).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'invalid', payoutState: 'Cancelled' });
    expect(await userBalances(t.database.db, u.userId)).toMatchObject({ available: 500_000n, withdrawal_hold: 0n });
    expect((await row(id)).decisionReason).toMatch(/cancelled in BTCPay/);
    expect((await audits(id)).at(-1)!.action).toBe('withdrawal.payout_cancelled');
  });

  it('a tampered webhook changes nothing; a lost one is settled by the reconciliation job', async () => {
    const u = await investor();
    const id = (await withdraw(u.cookies, u.userId, '80.00')).json().withdrawal.id as number;
    const [payout] = payoutsOf(id);
    fake.setPayout(payout!.id, { state: 'Completed', paymentProof: { proofType: 'x', transactionId: 'b'.repeat(64) } });
    const forged = await fake.sendPayoutWebhook(payout!.id, 'PayoutUpdated', { badSignature: true });
    expect(forged.status).toBe(401);
    expect((await row(id)).status).toBe('paying');
    // No webhook at all: the job asks BTCPay and settles it, once.
    expect(await reconcilePayouts(t.database.db, await t.app.settings.get(), new Date())).toBeGreaterThanOrEqual(1);
    expect(await row(id)).toMatchObject({ status: 'settled', payoutTxid: 'b'.repeat(64) });
    await reconcilePayouts(t.database.db, await t.app.settings.get(), new Date());
    expect(await userBalances(t.database.db, u.userId)).toMatchObject({ available: 492_000n, withdrawal_hold: 0n });
  });

  it('BTCPay down at approval: the job creates the payout later, or adopts one whose id was lost, never two', async () => {
    const u = await investor();
    fake.failNext(1);
    const id = (await withdraw(u.cookies, u.userId, '60.00')).json().withdrawal.id as number;
    expect(await row(id)).toMatchObject({ status: 'paying', payoutState: 'Creating', payoutId: null });
    expect(payoutsOf(id)).toEqual([]);
    const settings = await t.app.settings.get();
    // Within the grace a create may still be in flight: left alone.
    await reconcilePayouts(t.database.db, settings, new Date());
    expect(payoutsOf(id)).toEqual([]);
    await reconcilePayouts(t.database.db, settings, new Date(Date.now() + 5 * 60_000));
    expect(payoutsOf(id)).toHaveLength(1);
    expect((await row(id)).payoutId).toBe(payoutsOf(id)[0]!.id);

    // A payout BTCPay made whose answer never arrived: found by its withdrawalId, not made again.
    const v = await investor();
    fake.failNext(1);
    const lost = (await withdraw(v.cookies, v.userId, '70.00')).json().withdrawal.id as number;
    const w = await row(lost);
    const client = createBtcpayClient(btcpayConfig(settings)!);
    const pp = await client.createPullPayment({ name: 'x', amountCents: 6_850n, payoutMethodId: BTC_ON_CHAIN });
    await client.createPayout({
      pullPaymentId: pp.id,
      destination: w.destination,
      amountCents: 6_850n,
      payoutMethodId: BTC_ON_CHAIN,
      metadata: { withdrawalId: String(lost) },
    });
    await reconcilePayouts(t.database.db, settings, new Date(Date.now() + 5 * 60_000));
    expect(payoutsOf(lost)).toHaveLength(1);
    expect((await row(lost)).payoutId).toBe(payoutsOf(lost)[0]!.id);
  });

  it('a payout stuck past the set hours is counted for Site Health and fails the job with why', async () => {
    const settings = await t.app.settings.get();
    const later = new Date(Date.now() + (settings.payoutStuckHours + 1) * 3_600_000);
    const stuck = await stuckPayouts(t.database.db, settings, later);
    expect(stuck).toBeGreaterThan(0);
    expect(await stuckPayouts(t.database.db, settings, new Date())).toBe(0);
  });
});

describe('four-eyes approval', () => {
  beforeEach(() =>
    t.app.settings.update({ fourEyesWithdrawalMin: '5000.00', autoApproveMax: '1000.00' } as never, admin.userId),
  );

  it('needs two different staff members, never the requester; every step is audited', async () => {
    // A staff member with an investor account of their own asks for a large withdrawal.
    const requester = await fundedUser(t.database, admin.userId, 1_000_000n, {
      role: 'admin',
      btcWalletAddress: newWallet(),
    });
    await approveKyc(t.database, requester.userId);
    const res = await withdraw(requester.cookies, requester.userId, '6000.00');
    const id = res.json().withdrawal.id as number;
    expect(res.json().withdrawal).toMatchObject({
      status: 'pending',
      approvalRoute: 'four-eyes',
      approvalRule: 'four-eyes-threshold',
    });
    const own = await approve(id, requester.cookies);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot approve a request you made yourself');
    const first = await approve(id, admin.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().withdrawal).toMatchObject({ status: 'pending', firstApprovedBy: admin.userId });
    expect(payoutsOf(id)).toEqual([]);
    const again = await approve(id, admin.cookie);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('The second approval must come from a different staff member than the first');
    // Not around the rule through the Transactions screen either.
    const shortcut = await t.app.inject({
      method: 'PUT',
      url: `/api/transactions/update/${(await row(id)).transactionId}`,
      cookies: admin2.cookie,
      payload: { status: 'completed' },
    });
    expect(shortcut.statusCode).toBeGreaterThanOrEqual(400);
    expect((await row(id)).status).toBe('pending');
    const second = await approve(id, admin2.cookie);
    expect(second.statusCode).toBe(200);
    expect(second.json().withdrawal.status).toBe('paying');
    expect(payoutsOf(id)).toHaveLength(1);
    expect((await audits(id)).map((a) => a.action)).toEqual([
      'withdrawal.route',
      'withdrawal.first_approval',
      'withdrawal.approve',
    ]);
    // BTCPay sends it, and its webhook and the reconciliation job report the completion at the same moment:
    // paid once, from the requester's hold.
    const [payout] = payoutsOf(id);
    fake.setPayout(payout!.id, { state: 'Completed', paymentProof: { proofType: 'x', transactionId: 'c'.repeat(64) } });
    const external0 = await platform('external_withdrawals');
    await Promise.all([
      fake.sendPayoutWebhook(payout!.id, 'PayoutUpdated'),
      reconcilePayouts(t.database.db, await t.app.settings.get(), new Date()),
      fake.sendPayoutWebhook(payout!.id, 'PayoutUpdated', { isRedelivery: true }),
    ]);
    expect(await row(id)).toMatchObject({ status: 'settled', payoutTxid: 'c'.repeat(64) });
    expect(await platform('external_withdrawals')).toBe(external0 + 599_850n); // net of the 1.50 fee
    expect(await userBalances(t.database.db, requester.userId)).toMatchObject({
      available: 400_000n,
      withdrawal_hold: 0n,
    });
    expect((await audits(id)).at(-1)!.action).toBe('withdrawal.payout_completed');
  });

  it('one the rules never routed (asked before them) still needs two approvals at or above the threshold', async () => {
    const u = await investor(1_000_000n);
    const id = (await withdraw(u.cookies, u.userId, '5000.00')).json().withdrawal.id as number;
    await t.database.db
      .update(withdrawals)
      .set({ approvalRoute: null, approvalRule: null })
      .where(eq(withdrawals.id, id));
    const first = await approve(id, admin.cookie);
    expect(first.json().withdrawal).toMatchObject({ status: 'pending', firstApprovedBy: admin.userId });
    expect((await approve(id, admin2.cookie)).json().withdrawal.status).toBe('paying');
  });
});
