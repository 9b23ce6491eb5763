import { expect, test } from './fixtures';
import { dashboardUrl, loginViaUi, signInViaApi } from './accounts';
import { activeInvestor, balances, confirmDecision } from './funds';
import { E2E_ADMIN } from './server';

// Both tests act as the one seeded admin; run them one after the other.
test.describe.configure({ mode: 'serial' });

/** Frees the admin's device slot for whoever logs in next. */
test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

test('an admin approves a deposit, credits by hand and pays a withdrawal; balances move by exactly those amounts', async ({
  page,
  browser,
}) => {
  // Deposit, manual credit and withdrawal, each through its admin screen and confirm dialog.
  test.setTimeout(90_000);

  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  // An investor with a BTC wallet (withdrawals are paid there).
  const { user, userId, investor } = await activeInvestor(
    page,
    browser,
    'fa',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  );

  // The investor deposits: without a payment processor the deposit waits for an admin.
  const start = await balances(investor.request, userId);
  const made = await investor.request.post('/api/deposits/new', { data: { amount: 123.45, currency: 'BTC' } });
  expect(made.status(), await made.text()).toBe(201);
  const { deposit } = (await made.json()) as { deposit: { id: number; status: string; referenceNumber: string } };
  expect(deposit.status).toBe('pending');
  expect(await balances(investor.request, userId)).toEqual(start);

  // User Deposits: the admin approves it through the confirm modal.
  await page.goto('/app/admin/users-deposits');
  await expect(page.getByRole('heading', { name: 'User Deposits' })).toBeVisible();
  for (const card of ['total-deposits', 'pending-deposits', 'total-deposit-amount', 'average-deposit-amount'])
    await expect(page.getByTestId(card)).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('pending');
  const depositRow = page.locator(`[data-testid="deposit-row"][data-reference="${deposit.referenceNumber}"]`);
  await expect(depositRow).toContainText(user.userName);
  await expect(depositRow).toContainText('$123.45');
  await expect(depositRow).toContainText('PENDING');
  await depositRow.getByRole('button', { name: `Approve deposit #${deposit.id}` }).click();
  await confirmDecision(page, 'Are you sure you want to approve this transaction?', 'Deposit approved and credited');
  await page.getByLabel('Status', { exact: true }).selectOption('');
  await expect(depositRow).toContainText('COMPLETED');
  await expect(depositRow.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
  const afterDeposit = await balances(investor.request, userId);
  expect(afterDeposit.available - start.available).toBe(12_345);

  // Add Manual Deposit: find the investor in the searchable select and credit $500.
  await page.getByRole('button', { name: 'Add Manual Deposit' }).click();
  const form = page.getByRole('dialog', { name: 'Add Manual Deposit' });
  await form.getByLabel('Search users').fill(user.userName);
  const select = form.getByLabel('User', { exact: true });
  await expect(select.locator('option', { hasText: `(@${user.userName})` })).toHaveCount(1);
  await expect(select.locator('option', { hasText: `(@${user.userName})` })).toHaveText(
    `#${userId} · ${user.firstName} ${user.lastName} (@${user.userName})`,
  );
  await select.selectOption(String(userId));
  // The server's field errors land on the field (at most 2 decimals).
  await form.getByLabel('Amount (USD)').fill('12.345');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Amount must be a decimal number with at most 2 decimals')).toBeVisible();
  await expect(form.getByLabel('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
  expect(await balances(investor.request, userId)).toEqual(afterDeposit);
  await form.getByLabel('Amount (USD)').fill('500');
  await expect(form.getByLabel('Currency').locator('option')).toHaveText(['BTC', 'USDT-TRON']);
  await form.getByLabel('Currency').selectOption({ label: 'USDT-TRON' });
  await form.getByLabel('Notes').fill('Bank wire received');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Manual deposit recorded')).toBeVisible();
  await expect(form).toBeHidden();
  const afterManual = await balances(investor.request, userId);
  expect(afterManual.available - afterDeposit.available).toBe(50_000);

  // The investor asks for $200: held at once, paid out on approval.
  const asked = await investor.request.post('/api/investments/withdraw', {
    data: { userId, amount: 200, currency: 'BTC' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { withdrawal } = (await asked.json()) as {
    withdrawal: { id: number; referenceNumber: string; netAmount: number };
  };
  const held = await balances(investor.request, userId);
  expect(held.available - afterManual.available).toBe(-20_000);
  expect(held.hold - afterManual.hold).toBe(20_000);

  await page.goto('/app/admin/user-withdrawal');
  await expect(page.getByRole('heading', { name: 'User Withdrawals' })).toBeVisible();
  for (const card of [
    'total-withdrawals',
    'pending-withdrawals',
    'total-withdrawal-amount',
    'average-withdrawal-amount',
  ])
    await expect(page.getByTestId(card)).toBeVisible();
  const withdrawalRow = page.locator(`[data-testid="withdrawal-row"][data-reference="${withdrawal.referenceNumber}"]`);
  await expect(withdrawalRow).toContainText('$200.00');
  await expect(withdrawalRow).toContainText('PENDING');
  await withdrawalRow.getByRole('button', { name: `Approve withdrawal #${withdrawal.id}` }).click();
  await confirmDecision(
    page,
    'Are you sure you want to approve this withdrawal?',
    'Withdrawal approved and marked as paid',
  );
  await expect(withdrawalRow).toContainText('COMPLETED');
  await expect(withdrawalRow.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
  const paid = await balances(investor.request, userId);
  expect(paid.available).toBe(held.available);
  expect(paid.hold - held.hold).toBe(-20_000);
  expect(paid.available - start.available).toBe(12_345 + 50_000 - 20_000);

  // Transaction Management lists the approved deposit; its reference opens the receipt.
  await page.goto('/app/admin/manage-transactions');
  await expect(page.getByRole('heading', { name: 'Transaction Management' })).toBeVisible();
  await page.getByLabel('Type', { exact: true }).selectOption('deposit');
  const txRow = page.locator(`[data-testid="transaction-row"][data-reference="${deposit.referenceNumber}"]`);
  await expect(txRow).toContainText('COMPLETED');
  await expect(txRow.getByRole('combobox')).toHaveCount(0);
  await txRow.getByRole('link', { name: deposit.referenceNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/app/admin/order-confirmation/${deposit.referenceNumber}$`));
  await expect(page.getByTestId('order-reference')).toHaveText(deposit.referenceNumber);
  await expect(page.getByTestId('order-amount')).toContainText('$123.45');

  // A plain user is turned away from Transaction Management.
  await loginViaUi(investor, user.userName, user.password);
  await expect(investor).toHaveURL(dashboardUrl(user.userName));
  await investor.goto('/app/admin/manage-transactions');
  await expect(investor.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(investor.getByText('You need admin privileges to view this page.')).toBeVisible();
  await investor.context().close();
});

test('refused decisions show the server message; Transaction Management fails a pending deposit', async ({
  page,
  browser,
}) => {
  await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
  const { userId, investor } = await activeInvestor(page, browser, 'fb');
  const deposit = async (amount: number) => {
    const made = await investor.request.post('/api/deposits/new', { data: { amount, currency: 'USDT' } });
    expect(made.status(), await made.text()).toBe(201);
    return ((await made.json()) as { deposit: { id: number; referenceNumber: string } }).deposit;
  };
  const [first, second, third] = [await deposit(42), await deposit(43), await deposit(44)];
  const start = await balances(investor.request, userId);

  // User Deposits: another admin rejects it behind this screen's back; the screen still offers
  // Reject, and the server's refusal is shown as it wrote it.
  await page.goto('/app/admin/users-deposits');
  const row = page.locator(`[data-testid="deposit-row"][data-reference="${first.referenceNumber}"]`);
  await expect(row.getByRole('button', { name: `Reject deposit #${first.id}` })).toBeVisible();
  const other = await page.request.put(`/api/deposits/update/${first.id}`, { data: { status: 'invalid' } });
  expect(other.status(), await other.text()).toBe(200);
  await row.getByRole('button', { name: `Reject deposit #${first.id}` }).click();
  await page.getByRole('dialog').getByLabel('Reason for rejecting').fill('No payment arrived');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('This deposit is already settled, expired or invalid')).toBeVisible();
  await expect(row).toContainText('REJECTED');
  await expect(row.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);

  // Transaction Management: only a pending deposit offers a status change; failing it moves no money.
  await page.goto('/app/admin/manage-transactions');
  await page.getByLabel('Type', { exact: true }).selectOption('deposit');
  await page.getByLabel('Status', { exact: true }).selectOption('pending');
  const secondRow = page.locator(`[data-testid="transaction-row"][data-reference="${second.referenceNumber}"]`);
  await secondRow.getByLabel(`Change status of ${second.referenceNumber}`).selectOption('failed');
  const dialog = page.getByRole('dialog', { name: 'Change transaction status' });
  await expect(dialog).toContainText(`${second.referenceNumber}`);
  await expect(dialog).toContainText('from pending to failed');
  await dialog.getByLabel('Reason for rejecting').fill('No payment arrived');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Transaction status updated')).toBeVisible();
  await expect(secondRow).toBeHidden(); // no longer pending
  await page.getByLabel('Status', { exact: true }).selectOption('failed');
  await expect(secondRow).toContainText('REJECTED');
  await expect(secondRow.getByRole('combobox')).toHaveCount(0);

  // The third is approved elsewhere while this screen still shows it pending: refused with a reason.
  await page.getByLabel('Status', { exact: true }).selectOption('pending');
  const thirdRow = page.locator(`[data-testid="transaction-row"][data-reference="${third.referenceNumber}"]`);
  await expect(thirdRow).toBeVisible();
  const approved = await page.request.put(`/api/deposits/update/${third.id}`, { data: { status: 'settled' } });
  expect(approved.status(), await approved.text()).toBe(200);
  await thirdRow.getByLabel(`Change status of ${third.referenceNumber}`).selectOption('completed');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('A completed transaction cannot be set to completed')).toBeVisible();
  await expect(thirdRow).toBeHidden(); // the list refreshed: it is no longer pending

  // Only the approved third deposit was credited.
  const end = await balances(investor.request, userId);
  expect(end.available - start.available).toBe(4_400);
  await investor.context().close();
});
