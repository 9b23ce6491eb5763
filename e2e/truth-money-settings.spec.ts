import { expect, test } from './fixtures';
import { signInViaApi } from './accounts';
import { activeInvestor, balances, openApp } from './funds';
import { E2E_ADMIN } from './server';
import { adminApi } from './staff';

/**
 * Issue 18, "Money screens tell the truth", items 1 and 8: both read site settings every deposit
 * and withdrawal reads, so this file runs after the others (CLOCK_SPECS) and puts them back.
 */
test.describe.configure({ mode: 'serial' });

const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const BTC_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

test.afterAll(async ({ browser }) => {
  const admin = await adminApi(browser);
  const reset = await admin.request.put('/api/utils/site-settings', {
    data: { withdrawalPayoutTime: '', depositAddressBtc: '', depositInstructions: '' },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  await admin.context().close();
});

test('1: a withdrawal request says it is held and awaits approval, and when it is usually paid', async ({
  browser,
}) => {
  const admin = await adminApi(browser);
  const { user, userId, investor } = await activeInvestor(admin, browser, 'tm1', WALLET);
  const credited = await admin.request.post('/api/deposits/manual', {
    data: { userId, amount: 500, currency: 'USDT', notes: '' },
  });
  expect(credited.status(), await credited.text()).toBe(201);

  const withdraw = async (amount: string) => {
    await investor.getByRole('button', { name: 'Withdraw Funds' }).click();
    const modal = investor.getByRole('dialog', { name: 'Withdraw Funds' });
    await modal.getByLabel('Amount (USD)').fill(amount);
    await modal.getByRole('button', { name: 'Review Withdrawal' }).click();
    await modal.getByRole('button', { name: 'Confirm Withdrawal' }).click();
    await expect(modal).toBeHidden();
  };
  const toast = investor.locator('[data-sonner-toast]');

  // Without a payout time set: what happened, and nothing about when.
  await openApp(investor, `/app/${user.userName}/investments`);
  await withdraw('100');
  const first = toast.filter({ hasText: 'Withdrawal of $100.00 requested' });
  await expect(first).toContainText('held from your available balance');
  await expect(first).toContainText('awaits approval');
  await expect(first).not.toContainText('usually paid');
  await expect(investor.getByText(/processed successfully/)).toHaveCount(0);
  expect(await balances(investor.request, userId)).toEqual({ available: 40_000, hold: 10_000 });

  // The operator says how long payouts usually take: the next request says it too.
  const set = await admin.request.put('/api/utils/site-settings', {
    data: { withdrawalPayoutTime: '2 business days' },
  });
  expect(set.status(), await set.text()).toBe(200);
  await withdraw('50');
  await expect(toast.filter({ hasText: 'Withdrawal of $50.00 requested' })).toContainText(
    'usually paid within 2 business days',
  );
  await investor.context().close();
  await admin.context().close();
});

test('8: payment instructions set in Site Settings are shown with a pending deposit', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
  await page.goto('/app/admin/site-settings');
  const card = page.getByTestId('group-deposits');
  await card.getByRole('button', { name: 'Configure Deposit Instructions' }).click();
  const modal = page.getByRole('dialog', { name: 'Deposit Instructions' });
  await modal.getByLabel('BTC deposit address').fill(BTC_ADDRESS);
  await modal.getByLabel('Payment instructions').fill('Send the exact amount; put {reference} in the memo.');
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(modal).toBeHidden();
  await expect(card).toContainText(BTC_ADDRESS);

  const admin = await adminApi(browser);
  const { user, investor } = await activeInvestor(admin, browser, 'tm8', '', false);
  await openApp(investor, `/app/${user.userName}/account`);
  const form = investor.getByTestId('deposit-form');
  await form.getByLabel('Amount (USD)').fill('250');
  await form.getByLabel('Payment method').selectOption('BTC');
  await form.getByRole('button', { name: 'Deposit' }).click();
  const pending = form.getByTestId('deposit-pending');
  const instructions = pending.getByTestId('payment-instructions');
  await expect(instructions).toContainText(BTC_ADDRESS);
  const reference = (await pending.getByRole('link', { name: /^TX-/ }).innerText()).trim();
  await expect(instructions.getByTestId('payment-memo')).toHaveText(reference);
  await expect(instructions).toContainText(`Send the exact amount; put ${reference} in the memo.`);
  await expect(instructions.getByRole('img', { name: `QR code of ${BTC_ADDRESS}` })).toBeVisible();

  // The receipt of the pending deposit shows them too; a currency without an address says so.
  await pending.getByRole('link', { name: reference }).click();
  const receipt = investor.getByTestId('order-receipt');
  await expect(receipt.getByTestId('payment-instructions')).toContainText(BTC_ADDRESS);
  await expect(receipt.getByTestId('payment-memo')).toHaveText(reference);
  const ltc = await investor.request.post('/api/deposits/new', { data: { amount: 20, currency: 'LTC' } });
  expect(ltc.status(), await ltc.text()).toBe(201);
  const { deposit } = (await ltc.json()) as { deposit: { referenceNumber: string } };
  await investor.goto(`/app/${user.userName}/order/${deposit.referenceNumber}`);
  await expect(investor.getByTestId('order-receipt')).toContainText(
    'No LTC payment address is published yet: contact support',
  );
  await investor.context().close();
  await admin.context().close();
});
