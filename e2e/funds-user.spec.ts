import { expect, test } from './fixtures';
import { toCents } from '../contract/money';
import { dashboardUrl, loginViaUi, newDevicePage, newUser, registerViaApi, submitLogin } from './accounts';
import { withServerClockAdvanced } from './clock';
import { verifyIdentity } from './kyc';
import { waitForLink } from './mail';
import { E2E_ADMIN } from './server';

const HOUR_MS = 3_600_000;
const BTC_WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** "$1,234.56 in BTC" → 123456. */
const cents = (text: string) => toCents(/\$([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, ''));
const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a user saves a BTC wallet, deposits, is credited, withdraws after the security hold and prints the pending receipt', async ({
  page,
  browser,
}) => {
  // A user's money journey end to end: mail, payout details, deposit, KYC, withdrawal, receipt.
  test.setTimeout(120_000);

  // A new investor with a confirmed email. "Remember me": the session must outlive the
  // server clock being moved past the security hold (an ordinary session lasts 24 h).
  const user = newUser('fund');
  await registerViaApi(page.request, user);
  await page.goto(await waitForLink(user.email, '/verify/confirm-email/'));
  await expect(page.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Remember me for 30 days').check();
  await submitLogin(page, user.userName, user.password);
  await expect(page).toHaveURL(dashboardUrl(user.userName));
  const { user: me } = (await (await page.request.get('/api/verify-auth-token')).json()) as { user: { id: number } };

  // Payout details: the BTC wallet, confirmed with the password; the security hold starts.
  await page.goto(`/app/${user.userName}/profile`);
  const payout = page.getByTestId('payout-details');
  await payout.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Payout Details' });
  await dialog.getByLabel('BTC wallet address').fill(BTC_WALLET);
  await dialog.getByRole('button', { name: 'Save Payout Details' }).click();
  await expect(dialog.getByText('Enter your current password to change payout details')).toBeVisible();
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Save Payout Details' }).click();
  await expect(page.getByText('Payout details updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(payout).toContainText(BTC_WALLET);
  await expect(payout.getByTestId('security-hold')).toBeVisible();

  // A deposit from the Account page: without a payment processor it waits, pending, for an admin.
  await page.goto(`/app/${user.userName}/account`);
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByRole('button', { name: 'Deposit' }).click();
  await expect(deposit.getByText('Please enter a valid deposit amount')).toBeVisible();
  await deposit.getByLabel('Amount (USD)').fill('250');
  await deposit.getByLabel('Payment method').selectOption('BTC');
  await deposit.getByRole('button', { name: 'Deposit' }).click();
  await expect(deposit.getByTestId('deposit-pending')).toContainText('pending');
  await expect(deposit.getByLabel('Amount (USD)')).toHaveValue('');
  const depositRow = page.getByTestId('deposit-history').getByRole('row').filter({ hasText: '$250.00' });
  await expect(depositRow).toContainText('PENDING');

  // An admin credits the user (the admin screens have their own tests).
  const admin = await newDevicePage(browser);
  await loginViaUi(admin, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/app\/admin\/dashboard$/);
  const credit = await admin.request.post('/api/deposits/manual', {
    data: { userId: me.id, amount: 1000, currency: 'BTC', notes: 'E2E credit' },
  });
  expect(credit.ok(), await credit.text()).toBe(true);
  // Withdrawals need a verified identity (the KYC flow has its own spec).
  await verifyIdentity(page.request, me.id, admin.request);
  await admin.context().close();
  await page.reload();
  await expect(page.getByTestId('account-total-balance')).toContainText('$1,000.00');

  // Withdraw Funds on the Investments page: during the hold the quote says why and Review is off.
  await page.goto(`/app/${user.userName}/investments`);
  await page.getByRole('button', { name: 'Withdraw Funds' }).click();
  const modal = page.getByRole('dialog', { name: 'Withdraw Funds' });
  await modal.getByLabel('Amount (USD)').fill('100');
  await expect(modal.getByTestId('withdraw-problem')).toContainText(
    'Withdrawals are paused after a recent security change',
  );
  await expect(modal.getByRole('button', { name: 'Review Withdrawal' })).toBeDisabled();

  // A day later on the server's clock (put back at once: every spec shares the server), the
  // quote shows the fee, what arrives and where, before the user confirms.
  const amount = 120;
  // Kept to the few UI steps that need the later time.
  await withServerClockAdvanced(25 * HOUR_MS, async () => {
    await modal.getByLabel('Amount (USD)').fill(String(amount));
    await expect(modal.getByTestId('withdraw-destination')).toHaveText(/^bc1qar…5mdq$/);
    await expect(modal.getByRole('button', { name: 'Review Withdrawal' })).toBeEnabled();
    await modal.getByRole('button', { name: 'Review Withdrawal' }).click();
    // The confirmation shows the fee and what arrives: amount − fee, to the cent.
    const confirm = modal.getByTestId('withdraw-confirm');
    const fee = cents(await confirm.getByTestId('withdraw-fee').innerText());
    expect(cents(await confirm.getByTestId('withdraw-net').innerText())).toBe(toCents(amount) - fee);
    await modal.getByRole('button', { name: 'Confirm Withdrawal' }).click();
    await expect(
      page.getByText('Withdrawal of $120.00 requested: it is held from your available balance and awaits approval'),
    ).toBeVisible();
  });
  await expect(modal).toBeHidden();

  // Transactions History lists it as pending; its reference opens the receipt.
  await page.goto(`/app/${user.userName}/transactions-history?type=withdrawal`);
  const row = page
    .getByTestId('transactions-table')
    .getByRole('row')
    .filter({ hasText: usd(amount) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('PENDING');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/app/${user.userName}/order/TX-`));
  const receipt = page.getByTestId('order-receipt');
  await expect(receipt).toContainText(usd(amount));
  await expect(receipt).toContainText('Withdrawal');
  await expect(page.getByTestId('order-status')).toHaveText('PENDING');
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-tone', 'warning');
  await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeVisible();
  await expect(page.getByTestId('app-sidebar')).toBeVisible();

  // Printed: the receipt alone, with the platform name and without the app around it.
  await page.emulateMedia({ media: 'print' });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText('Transaction receipt');
  await expect(receipt).toContainText('Printed on');
  await expect(page.getByTestId('app-sidebar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // An unknown reference says so.
  await page.goto(`/app/${user.userName}/order/TX-0000-0000-0000`);
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await expect(page.getByText("We couldn't find an order with reference number")).toContainText('TX-0000-0000-0000');
});
