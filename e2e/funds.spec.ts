import { expect, test } from './fixtures';
import { dashboardUrl, loginViaUi } from './accounts';
import { activeInvestor, balances, confirmDecision } from './funds';
import { E2E_ADMIN } from './server';

test('money in and out end to end: deposit, admin approval, balance, withdrawal, admin payout, completed receipt', async ({
  page: admin,
  browser,
}) => {
  // Two people, two admin approvals, a withdrawal and a printed receipt.
  test.setTimeout(120_000);
  await loginViaUi(admin, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/app\/admin\/dashboard$/);
  // Registered with a BTC wallet, so no payout-details change (and no security hold) is needed.
  const {
    user,
    userId,
    investor: page,
  } = await activeInvestor(admin, browser, 'e2e', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');

  // 1. The user deposits $300 from the Account page; without BTCPay it waits for an admin.
  await loginViaUi(page, user.userName, user.password);
  await expect(page).toHaveURL(dashboardUrl(user.userName));
  await page.goto(`/app/${user.userName}/account`);
  const form = page.getByTestId('deposit-form');
  await form.getByLabel('Amount (USD)').fill('300');
  await form.getByRole('button', { name: 'Deposit' }).click();
  await expect(form.getByTestId('deposit-pending')).toContainText('pending');
  expect((await balances(page.request, userId)).available).toBe(0);

  // 2. The admin approves it on User Deposits.
  await admin.goto('/app/admin/users-deposits');
  const depositRow = admin.getByTestId('deposit-row').filter({ hasText: user.userName });
  await expect(depositRow).toContainText('$300.00');
  await depositRow.getByRole('button', { name: /^Approve deposit/ }).click();
  await confirmDecision(admin, 'Are you sure you want to approve this transaction?', 'Deposit approved and credited');

  // 3. The user's balance shows it.
  await page.reload();
  await expect(page.getByTestId('account-total-balance')).toContainText('$300.00');

  // 4. The user withdraws $120 to the saved wallet, seeing fee and net first.
  const card = page.getByTestId('funds-card');
  await card.getByRole('tab', { name: 'Withdrawal', exact: true }).click();
  await card.getByLabel('Amount (USD)').fill('120');
  await expect(card.getByTestId('withdraw-destination')).toHaveText('bc1qw5…f3t4');
  await card.getByRole('button', { name: 'Review Withdrawal' }).click();
  await expect(card.getByTestId('withdraw-net')).toContainText('$120.00');
  await card.getByRole('button', { name: 'Confirm Withdrawal' }).click();
  await expect(
    page.getByText('Withdrawal of $120.00 requested: it is held from your available balance and awaits approval'),
  ).toBeVisible();
  expect(await balances(page.request, userId)).toEqual({ available: 18_000, hold: 12_000 });

  // 5. The admin pays it out on User Withdrawals.
  await admin.goto('/app/admin/user-withdrawal');
  const withdrawalRow = admin.getByTestId('withdrawal-row').filter({ hasText: user.userName });
  await expect(withdrawalRow).toContainText('PENDING');
  await withdrawalRow.getByRole('button', { name: /^Approve withdrawal/ }).click();
  await confirmDecision(
    admin,
    'Are you sure you want to approve this withdrawal?',
    'Withdrawal approved and marked as paid',
  );
  expect(await balances(page.request, userId)).toEqual({ available: 18_000, hold: 0 });

  // 6. The user's order page shows the withdrawal completed (green), and prints a clean receipt.
  await page.goto(`/app/${user.userName}/transactions-history?type=withdrawal`);
  const row = page.getByTestId('transactions-table').getByRole('row').filter({ hasText: '$120.00' });
  await expect(row).toContainText('COMPLETED');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/app/${user.userName}/order/TX-`));
  const status = page.getByTestId('order-status');
  await expect(status).toHaveText('COMPLETED');
  await expect(status).toHaveAttribute('data-tone', 'success');
  await page.emulateMedia({ media: 'print' });
  const receipt = page.getByTestId('order-receipt');
  await expect(receipt).toContainText('Transaction receipt');
  await expect(receipt).toContainText('$120.00');
  await expect(page.getByTestId('app-sidebar')).toBeHidden();
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.context().close();
});
