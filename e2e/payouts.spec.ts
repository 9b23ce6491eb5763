import { request, type APIRequestContext } from '@playwright/test';
import { expect, test, waitForApp } from './fixtures';
import { startBtcpayFake, type FakeBtcpay } from '../server/test/btcpay-fake';
import { newUser } from './accounts';
import { blockingViolations } from './axe';
import { openApp } from './funds';
import { verifyIdentity } from './kyc';
import { E2E_ADMIN, startServer, type RunningServer } from './server';

/**
 * An automated payout end to end: the investor asks for a BTC withdrawal in the browser, the approval
 * rules send it to BTCPay at once, BTCPay (a loopback fake) pays it and says so by webhook, and the
 * investor's receipt shows it completed with its transaction on the block explorer.
 *
 * It runs on a server of its own: pointing the site at BTCPay changes every deposit and withdrawal,
 * which the specs sharing the suite's server must not see.
 */
const BTCPAY = { btcpayApiKey: 'e2e-btcpay-key', btcpayStoreId: 'e2e-store', btcpayWebhookSecret: 'e2e-whsec-0123' };
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TXID = '3a1f0c7e9b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a';

let server: RunningServer;
let fake: FakeBtcpay;
let admin: APIRequestContext;

test.beforeAll(async () => {
  server = await startServer();
  fake = await startBtcpayFake({ ...fakeKeys(), webhookUrl: `${server.url}/api/deposits/webhook/btcpay` });
  admin = await request.newContext({ baseURL: server.url });
  const login = await admin.post('/api/auth/login', {
    data: { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  // As an admin would on Site Settings: the Payment group, then the payout rules.
  const saved = await admin.put('/api/utils/site-settings', {
    data: {
      ...BTCPAY,
      btcpayServerUrl: fake.url,
      btcpayOrderReturnUrl: server.url,
      payoutMode: 'btcpay',
      autoApproveMax: '500.00',
      autoApproveMinAccountDays: 0,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
});

test.afterAll(async () => {
  await admin?.dispose();
  await fake?.stop();
  await server?.stop();
});

function fakeKeys() {
  return { apiKey: BTCPAY.btcpayApiKey, storeId: BTCPAY.btcpayStoreId, webhookSecret: BTCPAY.btcpayWebhookSecret };
}

test('a BTC withdrawal within the automatic limit is sent by BTCPay and its receipt links the transaction', async ({
  browser,
}) => {
  // An active investor with a BTC wallet, verified identity and $1,000 available.
  const user = newUser('payout');
  const context = await browser.newContext({ baseURL: server.url });
  const investor = waitForApp(await context.newPage());
  const reg = await investor.request.post('/api/users/register', {
    data: {
      ...user,
      confirmPassword: user.password,
      agreement: true,
      btcWallet: WALLET,
      ethWallet: '',
      referrerId: '',
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const found = await admin.get(`/api/users?page=1&limit=10&search=${user.userName}`);
  const userId = ((await found.json()) as { data: { id: number; userName: string }[] }).data.find(
    (u) => u.userName === user.userName,
  )!.id;
  const activate = await admin.put(`/api/users/profile/${userId}`, {
    data: { status: 'active', isEmailVerified: true },
  });
  expect(activate.status(), await activate.text()).toBe(200);
  const login = await investor.request.post('/api/auth/login', {
    data: { usernameOrEmail: user.userName, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  await verifyIdentity(investor.request, userId, admin);
  const credit = await admin.post('/api/deposits/manual', {
    data: { userId, amount: 1000, currency: 'BTC', notes: 'E2E credit' },
  });
  expect(credit.ok(), await credit.text()).toBe(true);

  // The withdraw screen says, before confirming, that this one is sent automatically and which ones are.
  await openApp(investor, `/app/${user.userName}/account`);
  const funds = investor.getByTestId('funds-card');
  await funds.getByRole('tab', { name: 'Withdrawal' }).click();
  const form = investor.getByTestId('withdraw-form');
  await form.getByLabel('Amount (USD)').fill('250');
  await expect(form.getByTestId('withdraw-pays')).toHaveText('Sent automatically');
  await expect(form.getByTestId('withdraw-auto-rule')).toHaveText(
    'BTC withdrawals up to $500.00 can be sent automatically; other currencies and larger amounts are reviewed by our team first.',
  );
  // Above the limit it would wait for staff.
  await form.getByLabel('Amount (USD)').fill('600');
  await expect(form.getByTestId('withdraw-pays')).toHaveText('After review');
  await form.getByLabel('Amount (USD)').fill('250');
  await expect(form.getByTestId('withdraw-pays')).toHaveText('Sent automatically');
  expect(await blockingViolations(investor)).toEqual([]);
  await form.getByRole('button', { name: 'Review Withdrawal' }).click();
  const confirm = investor.getByTestId('withdraw-confirm');
  await expect(confirm).toContainText('sent to your wallet through BTCPay as soon as you confirm');
  await confirm.getByRole('button', { name: 'Confirm Withdrawal' }).click();
  await expect(
    investor.getByText('Withdrawal of $250.00 requested: it is approved and being sent to your wallet through BTCPay.'),
  ).toBeVisible();

  // Approved by the rules and handed to BTCPay: one payout of the net amount to the wallet.
  const payouts = [...fake.payouts.values()];
  expect(payouts).toHaveLength(1);
  const payout = payouts[0]!;
  expect(payout).toMatchObject({ destination: WALLET, originalAmount: '250.00', state: 'AwaitingPayment' });

  // Its receipt: Sending, and where BTCPay is with it.
  const history = investor.getByTestId('funds-history');
  await history.getByRole('tab', { name: 'Withdrawals' }).click();
  const row = history.getByTestId('withdrawal-history').getByRole('row').filter({ hasText: '$250.00' });
  await expect(row).toContainText('SENDING');
  await row.getByRole('link').click();
  await expect(investor).toHaveURL(new RegExp(`/app/${user.userName}/order/TX-`));
  const status = investor.getByTestId('order-status');
  await expect(status).toHaveText('SENDING');
  await expect(investor.getByTestId('order-payout-state')).toHaveText('Waiting to be sent');
  await expect(investor.getByTestId('order-txid')).toHaveCount(0);

  // BTCPay broadcasts it: still sending, now with its transaction.
  fake.setPayout(payout.id, {
    state: 'InProgress',
    paymentProof: { proofType: 'PayoutTransactionOnChainBlob', transactionId: TXID },
  });
  expect((await fake.sendPayoutWebhook(payout.id, 'PayoutUpdated')).status).toBe(200);
  await investor.reload();
  await expect(status).toHaveText('SENDING');
  await expect(investor.getByTestId('order-payout-state')).toHaveText('Sent, waiting for confirmation');
  await expect(investor.getByTestId('order-txid')).toContainText(TXID);

  // Confirmed: the receipt says Completed and the transaction id opens the block explorer in a new tab.
  fake.setPayout(payout.id, {
    state: 'Completed',
    paymentProof: { proofType: 'PayoutTransactionOnChainBlob', transactionId: TXID },
  });
  expect((await fake.sendPayoutWebhook(payout.id, 'PayoutUpdated')).status).toBe(200);
  await investor.reload();
  await expect(status).toHaveText('COMPLETED');
  await expect(status).toHaveAttribute('data-tone', 'success');
  await expect(investor.getByTestId('order-payout-state')).toHaveText('Sent and confirmed');
  const link = investor.getByTestId('order-txid').getByRole('link');
  await expect(link).toHaveAttribute('href', `https://mempool.space/tx/${TXID}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(link).toContainText(TXID);
  expect(await blockingViolations(investor)).toEqual([]);

  // The money: $250 left for good, nothing held.
  const metrics = await investor.request.get(`/api/metrics/account/${userId}`);
  expect(await metrics.json()).toMatchObject({ availableBalance: 750, withdrawalHold: 0 });
  await context.close();
});
