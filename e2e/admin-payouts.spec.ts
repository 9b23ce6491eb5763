import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startBtcpayFake, type FakeBtcpay } from '../server/test/btcpay-fake';
import { newDevicePage, signInViaApi } from './accounts';
import { blockingViolations } from './axe';
import { activeInvestor } from './funds';
import { E2E_ADMIN } from './server';
import { adminApi, staffAccount } from './staff';

/**
 * The admin side of automated payouts: a four-eyes withdrawal waiting for its second approval, the
 * filter that finds it, a BTCPay payout on its way, and the Test payouts button against a loopback BTCPay.
 * It changes payout settings every withdrawal and deposit reads, so it runs after the others (CLOCK_SPECS)
 * and puts them back.
 */
test.describe.configure({ mode: 'serial' });

const BTCPAY = { apiKey: 'e2e-payouts-key', storeId: 'e2e-store', webhookSecret: 'e2e-payouts-whsec' };
const NO_BTCPAY = {
  payoutMode: 'manual',
  fourEyesWithdrawalMin: '',
  autoApproveMax: '',
  btcpayServerUrl: '',
  btcpayApiKey: '',
  btcpayStoreId: '',
  btcpayWebhookSecret: '',
  btcpayOrderReturnUrl: '',
};
let fake: FakeBtcpay;

test.beforeAll(async () => {
  fake = await startBtcpayFake(BTCPAY);
});
test.afterAll(async ({ browser }) => {
  const admin = await adminApi(browser);
  const reset = await admin.request.put('/api/utils/site-settings', { data: NO_BTCPAY });
  expect(reset.status(), await reset.text()).toBe(200);
  await admin.context().close();
  await fake.stop();
});

async function putSettings(admin: Page, data: Record<string, unknown>): Promise<void> {
  const res = await admin.request.put('/api/utils/site-settings', { data });
  expect(res.status(), await res.text()).toBe(200);
}

/** A verified investor with $5,000 credited by hand and a BTC wallet of their own (BTCPay refuses a reused address). */
async function fundedInvestor(
  admin: Page,
  browser: Parameters<typeof activeInvestor>[1],
  prefix: string,
  wallet: string,
) {
  const made = await activeInvestor(admin, browser, prefix, wallet);
  const credit = await admin.request.post('/api/deposits/manual', {
    data: { userId: made.userId, amount: 5000, currency: 'BTC', notes: 'Payouts e2e' },
  });
  expect(credit.status(), await credit.text()).toBe(201);
  return made;
}

async function withdraw(investor: Page, userId: number, amount: number) {
  const res = await investor.request.post('/api/investments/withdraw', { data: { userId, amount, currency: 'BTC' } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { withdrawal: { id: number; referenceNumber: string } }).withdrawal;
}

const row = (page: Page, ref: string) => page.locator(`[data-testid="withdrawal-row"][data-reference="${ref}"]`);

test('a four-eyes withdrawal waiting for its second approval: marked, found by the filter, approved 2 of 2', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const admin = await adminApi(browser);
  await putSettings(admin, { fourEyesWithdrawalMin: '1000' });
  const second = await staffAccount(admin, 'admin', 'ap2');
  const other = await newDevicePage(browser);
  const login = await other.request.post('/api/auth/login', {
    data: { usernameOrEmail: second.userName, password: second.password },
  });
  expect(login.status(), await login.text()).toBe(200);

  const { userId, investor } = await fundedInvestor(admin, browser, 'ap', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  const waiting = await withdraw(investor, userId, 1500);
  const untouched = await withdraw(investor, userId, 1200);
  // The other admin gives the first approval through the API.
  const first = await other.request.put(`/api/transactions/withdrawals/${waiting.id}/status`, {
    data: { status: 'settled' },
  });
  expect(first.status(), await first.text()).toBe(200);
  expect(((await first.json()) as { message: string }).message).toMatch(/^First approval recorded/);

  await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
  await page.goto('/app/admin/user-withdrawal');
  const waitingRow = row(page, waiting.referenceNumber);
  const untouchedRow = row(page, untouched.referenceNumber);
  await expect(waitingRow.getByTestId('second-approval-marker')).toHaveText('Waiting for second approval');
  await expect(waitingRow).toContainText('Two approvals');
  await expect(waitingRow).toContainText('At or above the two-approval amount');
  await expect(waitingRow.getByRole('button', { name: `Approve (2 of 2) withdrawal #${waiting.id}` })).toBeVisible();
  await expect(untouchedRow.getByTestId('second-approval-marker')).toHaveCount(0);
  await expect(
    untouchedRow.getByRole('button', { name: `Approve (1 of 2) withdrawal #${untouched.id}` }),
  ).toBeVisible();

  // The filters: Sending is a status; waiting for a second approval finds only the one.
  await expect(page.getByLabel('Status', { exact: true }).locator('option')).toContainText(['Sending']);
  await page.getByLabel('Approval', { exact: true }).selectOption({ label: 'Waiting for second approval' });
  await expect(page).toHaveURL(/[?&]stage=second-approval/);
  await expect(untouchedRow).toHaveCount(0);
  await expect(waitingRow).toBeVisible();
  expect(await blockingViolations(page), 'withdrawals, filtered').toEqual([]);

  // Payouts are manual: the dialog says it is paid by hand and asks its reference.
  await waitingRow.getByRole('button', { name: `Approve (2 of 2) withdrawal #${waiting.id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve withdrawal (2 of 2)' });
  await expect(dialog.getByTestId('decision-outcome')).toContainText('Paid by hand, not by BTCPay: payouts are manual');
  await expect(dialog.getByLabel('Payout reference')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Withdrawal approved and marked as paid')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No withdrawals match this filter.')).toBeVisible();
  await other.context().close();
  await investor.context().close();
  await admin.context().close();
});

test('a withdrawal BTCPay sends shows Sending with its payout; Test payouts reports the store’s processor', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const admin = await adminApi(browser);
  await putSettings(admin, {
    btcpayServerUrl: fake.url,
    btcpayApiKey: BTCPAY.apiKey,
    btcpayStoreId: BTCPAY.storeId,
    btcpayWebhookSecret: BTCPAY.webhookSecret,
    btcpayOrderReturnUrl: 'https://minevest.test',
    payoutMode: 'btcpay',
    autoApproveMax: '',
    fourEyesWithdrawalMin: '',
  });
  const { userId, investor } = await fundedInvestor(
    admin,
    browser,
    'apb',
    'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  );
  const w = await withdraw(investor, userId, 250);

  await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
  await page.goto('/app/admin/user-withdrawal');
  const wRow = row(page, w.referenceNumber);
  await expect(wRow).toContainText('Automatic approval is off');
  await wRow.getByRole('button', { name: `Approve withdrawal #${w.id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve withdrawal' });
  await expect(dialog.getByTestId('decision-outcome')).toHaveText(
    "BTCPay will send $250.00 in BTC to the user's wallet once you confirm.",
  );
  await expect(dialog.getByLabel('Payout reference')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Withdrawal approved: BTCPay is sending the payout')).toBeVisible();

  const [payout] = [...fake.payouts.values()].filter((p) => p.metadata.withdrawalId === String(w.id));
  expect(payout).toBeDefined();
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Sending' });
  await expect(wRow).toContainText('SENDING');
  await expect(wRow).toContainText('Awaiting payment');
  await expect(wRow.getByTestId('payout-id')).toHaveAttribute('title', payout!.id);
  await expect(wRow.getByTestId('payout-id')).toHaveText(`${payout!.id.slice(0, 6)}…${payout!.id.slice(-4)}`);
  await expect(wRow.getByRole('button', { name: 'Copy BTCPay payout id' })).toBeVisible();

  // Test payouts: ready with the automated sender; without it, the answer says where to enable it.
  await page.goto('/app/admin/site-settings');
  const group = page.getByTestId('group-withdrawals');
  const result = page.getByTestId('test-payouts-result');
  await group.getByRole('button', { name: 'Test payouts' }).click();
  await expect(result).toHaveText('Payouts ready: store "Fake store" sends on-chain BTC payouts automatically.');
  fake.setPayoutProcessors([]);
  await group.getByRole('button', { name: 'Test payouts' }).click();
  await expect(result).toContainText('has no automated payout processor for on-chain BTC');
  await expect(result).toContainText('Store → Payout Processors → Automated Bitcoin Sender');
  expect(await blockingViolations(page), 'site settings with a payout test result').toEqual([]);
  await investor.context().close();
  await admin.context().close();
});
