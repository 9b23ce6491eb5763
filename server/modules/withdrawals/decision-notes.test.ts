import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, notificationDeliveries, notifications, transactions, withdrawals } from '../../db/schema';
import { fundedUser } from '../../test/accounts';
import { approveKyc } from '../../test/kyc';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';
import { wordNotice } from '../notifications/messages';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
});
afterEach(async () => expect((await verifyLedger(t.database.db)).problems).toEqual([]));
afterAll(async () => {
  await t.close();
});

const WALLET = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';

const investor = async () => {
  const u = await fundedUser(t.database, admin.userId, 100_000n, { btcWalletAddress: WALLET });
  await approveKyc(t.database, u.userId);
  return u;
};
const requestWithdrawal = async (u: { userId: number; cookies: Record<string, string> }) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/investments/withdraw',
    cookies: u.cookies,
    payload: { userId: u.userId, amount: '100.00', currency: 'BTC' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ withdrawal: { id: number; referenceNumber: string } }>().withdrawal;
};
const decideWithdrawal = (id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/transactions/withdrawals/${id}/status`, cookies: admin.cookie, payload });
const decideDeposit = (id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/deposits/update/${id}`, cookies: admin.cookie, payload });
const receipt = (cookies: Record<string, string>, ref: string) =>
  t.app.inject({ method: 'GET', url: `/api/transactions/reference/${ref}`, cookies });
/** The user's latest notice in words, and whether its email copy is queued. */
const latestNotice = async (userId: number) => {
  const [n] = await t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  const mails = await t.database.db
    .select()
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.notificationId, n!.id), eq(notificationDeliveries.channel, 'email')));
  return { text: wordNotice(n!), emailed: mails.length === 1 };
};
const latestAudit = async (action: string) =>
  (
    await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  )[0]!;

describe('a rejection with a reason', () => {
  it('stores the reason on the withdrawal, audits it, and tells the user in the notice, email and receipt', async () => {
    const u = await investor();
    const w = await requestWithdrawal(u);
    const res = await decideWithdrawal(w.id, { status: 'invalid', reason: '  The wallet address is not yours  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().withdrawal).toMatchObject({
      status: 'invalid',
      decisionReason: 'The wallet address is not yours',
      payoutReference: null,
    });
    expect((await userBalances(t.database.db, u.userId)).available).toBe(100_000n);

    const notice = await latestNotice(u.userId);
    expect(notice.text).toContain('was rejected');
    expect(notice.text).toContain('Reason: The wallet address is not yours.');
    expect(notice.emailed).toBe(true);

    const audit = await latestAudit('withdrawal.reject');
    expect(audit.after).toMatchObject({ status: 'invalid', reason: 'The wallet address is not yours' });

    const shown = await receipt(u.cookies, w.referenceNumber);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ status: 'failed', decisionReason: 'The wallet address is not yours' });
  });

  it('stores a deposit rejection’s reason and words it in the notice and the receipt', async () => {
    const u = await fundedUser(t.database, admin.userId, 0n);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/deposits/new',
      cookies: u.cookies,
      payload: { amount: '75', currency: 'USDT' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const d = created.json<{ deposit: { id: number; referenceNumber: string } }>().deposit;
    const res = await decideDeposit(d.id, { status: 'invalid', reason: 'No payment arrived with this reference' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deposit).toMatchObject({
      status: 'invalid',
      decisionReason: 'No payment arrived with this reference',
    });
    expect((await latestNotice(u.userId)).text).toContain('Reason: No payment arrived with this reference.');
    expect((await latestAudit('deposit.reject')).after).toMatchObject({
      reason: 'No payment arrived with this reference',
    });
    expect((await receipt(u.cookies, d.referenceNumber)).json()).toMatchObject({
      decisionReason: 'No payment arrived with this reference',
      payoutReference: null,
    });
  });

  it('keeps the spec’s bodies valid: a decision without a reason still applies and says none', async () => {
    const u = await investor();
    const w = await requestWithdrawal(u);
    const res = await decideWithdrawal(w.id, { status: 'invalid' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().withdrawal).toMatchObject({ decisionReason: null });
    expect((await latestNotice(u.userId)).text).not.toContain('Reason:');
  });
});

describe('a payout reference', () => {
  it('is stored with an approval, audited, in the notice and on the receipt', async () => {
    const u = await investor();
    const w = await requestWithdrawal(u);
    const res = await decideWithdrawal(w.id, { status: 'settled', payoutReference: HASH });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().withdrawal).toMatchObject({ status: 'settled', payoutReference: HASH });
    expect((await latestNotice(u.userId)).text).toContain(`Payout reference: ${HASH}.`);
    expect((await latestAudit('withdrawal.approve')).after).toMatchObject({ payoutReference: HASH });
    expect((await receipt(u.cookies, w.referenceNumber)).json()).toMatchObject({
      status: 'completed',
      paymentMethod: 'BTC',
      payoutReference: HASH,
    });
  });

  it('is refused with a rejection or when too long or not printable (400), and nothing moves', async () => {
    const u = await investor();
    const w = await requestWithdrawal(u);
    for (const payload of [
      { status: 'invalid', payoutReference: HASH },
      { status: 'settled', payoutReference: 'x'.repeat(121) },
      { status: 'settled', payoutReference: 'tx\u0007hash' },
      { status: 'invalid', reason: 'r'.repeat(501) },
    ]) {
      const res = await decideWithdrawal(w.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, w.id));
    expect(row!.status).toBe('pending');
    expect((await userBalances(t.database.db, u.userId)).withdrawal_hold).toBe(10_000n);
  });

  it('comes through Transaction Management too, with the reason of a refusal', async () => {
    const u = await investor();
    const w = await requestWithdrawal(u);
    const [tx] = await t.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.referenceNumber, w.referenceNumber));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/transactions/update/${tx!.id}`,
      cookies: admin.cookie,
      payload: { status: 'completed', payoutReference: 'BANK-REF-2291', reason: 'Paid by wire' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await receipt(u.cookies, w.referenceNumber)).json()).toMatchObject({
      decisionReason: 'Paid by wire',
      payoutReference: 'BANK-REF-2291',
    });
    expect((await latestAudit('transaction.update')).after).toMatchObject({ payoutReference: 'BANK-REF-2291' });
  });
});
