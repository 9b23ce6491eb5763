import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInViaApi } from './accounts';
import { activeInvestor, balances, openApp } from './funds';
import { E2E_ADMIN } from './server';
import { adminApi } from './staff';

/** Issue 18, "Money screens tell the truth", items 2 to 7 (1 and 8 change site settings: truth-money-settings). */

const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** Credits `userId` by hand through the admin API; answers the manual deposit's reference. */
async function credit(admin: APIRequestContext, userId: number, amount: number): Promise<string> {
  const res = await admin.post('/api/deposits/manual', { data: { userId, amount, currency: 'USDT', notes: '' } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { transaction: { referenceNumber: string } }).transaction.referenceNumber;
}

async function depositOf(investor: Page, amount: number) {
  const made = await investor.request.post('/api/deposits/new', { data: { amount, currency: 'BTC' } });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { deposit: { id: number; referenceNumber: string } }).deposit;
}

async function withdrawalOf(investor: Page, userId: number, amount: number) {
  const asked = await investor.request.post('/api/investments/withdraw', {
    data: { userId, amount, currency: 'BTC' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  return ((await asked.json()) as { withdrawal: { id: number; referenceNumber: string } }).withdrawal;
}

/** The transactions report as rows keyed by column name. */
async function transactionsReport(admin: APIRequestContext): Promise<Record<string, string>[]> {
  const res = await admin.get('/api/reports/transactions?period=last7');
  expect(res.status()).toBe(200);
  const [head, ...lines] = (await res.text()).trim().split(/\r?\n/);
  const columns = head!.split(',');
  // The cells the tests read hold no commas or quotes.
  return lines.map((l) => Object.fromEntries(l.split(',').map((cell, i) => [columns[i]!, cell])));
}

test('2: a manual deposit is on User Deposits and in its cards', async ({ page, browser }) => {
  const admin = await adminApi(browser);
  const { user, userId, investor } = await activeInvestor(admin, browser, 'tm2', '', false);
  const before = (await (await admin.request.get('/api/metrics/deposits')).json()) as { totalDeposits: number };
  const reference = await credit(admin.request, userId, 150);

  await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
  await page.goto('/app/admin/users-deposits');
  const row = page.locator(`[data-testid="deposit-row"][data-reference="${reference}"]`);
  await expect(row).toContainText(user.userName);
  await expect(row).toContainText('$150.00');
  await expect(row).toContainText('COMPLETED');
  await expect(row).toContainText('Manual');
  // No decision is left on a credit already made.
  await expect(row.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
  const total = Number(await page.getByTestId('total-deposits').locator('p').nth(1).innerText());
  expect(total).toBeGreaterThanOrEqual(before.totalDeposits + 1);
  const after = (await (await admin.request.get('/api/metrics/deposits')).json()) as { totalDeposits: number };
  expect(after.totalDeposits).toBeGreaterThanOrEqual(before.totalDeposits + 1);
  await investor.context().close();
  await admin.context().close();
});

test('3 and 4: one word per status on both areas, the receipt and the report', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const admin = await adminApi(browser);
  const { user, userId, investor } = await activeInvestor(admin, browser, 'tm3', WALLET);
  const deposit = await depositOf(investor, 321);
  const approved = await admin.request.put(`/api/deposits/update/${deposit.id}`, { data: { status: 'settled' } });
  expect(approved.status(), await approved.text()).toBe(200);
  const paid = await withdrawalOf(investor, userId, 40);
  const refused = await withdrawalOf(investor, userId, 30);
  for (const [w, status] of [
    [paid, 'settled'],
    [refused, 'invalid'],
  ] as const) {
    const res = await admin.request.put(`/api/transactions/withdrawals/${w.id}/status`, { data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }

  // The investor's receipt of the approved deposit: completed, and nothing says it still waits.
  await openApp(investor, `/app/${user.userName}/order/${deposit.referenceNumber}`);
  await expect(investor.getByTestId('order-status')).toHaveText('COMPLETED');
  await expect(investor.getByTestId('order-receipt')).not.toContainText(/awaiting/i);

  // The investor's lists: the paid withdrawal is completed, the refused one rejected, in both.
  await investor.goto(`/app/${user.userName}/transactions-history?type=withdrawal`);
  const txRow = (ref: string) => investor.getByTestId('transactions-table').getByRole('row').filter({ hasText: ref });
  await expect(txRow(paid.referenceNumber)).toContainText('COMPLETED');
  await expect(txRow(refused.referenceNumber)).toContainText('REJECTED');
  await investor.goto(`/app/${user.userName}/account`);
  await investor.getByTestId('funds-history').getByRole('tab', { name: 'Withdrawals' }).click();
  const history = investor.getByTestId('withdrawal-history');
  await expect(history.getByRole('row').filter({ hasText: paid.referenceNumber })).toContainText('COMPLETED');
  await expect(history.getByRole('row').filter({ hasText: refused.referenceNumber })).toContainText('REJECTED');
  await investor.goto(`/app/${user.userName}/order/${refused.referenceNumber}`);
  await expect(investor.getByTestId('order-status')).toHaveText('REJECTED');

  // The admin's screens use the same words.
  await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
  await page.goto('/app/admin/user-withdrawal');
  const wRow = (ref: string) => page.locator(`[data-testid="withdrawal-row"][data-reference="${ref}"]`);
  await expect(wRow(paid.referenceNumber)).toContainText('COMPLETED');
  await expect(wRow(refused.referenceNumber)).toContainText('REJECTED');
  await expect(page.getByLabel('Status', { exact: true }).locator('option')).toHaveText([
    'All statuses',
    'Pending',
    'Sending',
    'Completed',
    'Rejected',
  ]);
  await page.goto('/app/admin/users-deposits');
  await expect(page.locator(`[data-testid="deposit-row"][data-reference="${deposit.referenceNumber}"]`)).toContainText(
    'COMPLETED',
  );
  await page.goto('/app/admin/manage-transactions');
  const mRow = (ref: string) => page.locator(`[data-testid="transaction-row"][data-reference="${ref}"]`);
  await expect(mRow(refused.referenceNumber)).toContainText('REJECTED');
  await page.goto(`/app/admin/order-confirmation/${refused.referenceNumber}`);
  await expect(page.getByTestId('order-status')).toHaveText('REJECTED');

  // The report: the same words, and the approved deposit no longer "awaiting confirmation".
  const rows = await transactionsReport(admin.request);
  const byRef = (ref: string) => rows.find((r) => r.referenceNumber === ref)!;
  expect(byRef(deposit.referenceNumber).status).toBe('Completed');
  expect(byRef(deposit.referenceNumber).description).not.toMatch(/awaiting/i);
  expect(byRef(paid.referenceNumber).status).toBe('Completed');
  expect(byRef(refused.referenceNumber).status).toBe('Rejected');
  await investor.context().close();
  await admin.context().close();
});

test('5: transaction amounts show their direction', async ({ browser }) => {
  const admin = await adminApi(browser);
  const { user, userId, investor } = await activeInvestor(admin, browser, 'tm5', '', false);
  const depositRef = await credit(admin.request, userId, 6000);
  const { data: plans } = (await (await investor.request.get('/api/plans')).json()) as {
    data: { id: number; minimumInvestment: number; maximumInvestment: number }[];
  };
  const plan = plans.find((p) => p.minimumInvestment <= 5000 && p.maximumInvestment >= 5000)!;
  const invested = await investor.request.post('/api/investments', { data: { planId: plan.id, amount: 5000 } });
  expect(invested.status(), await invested.text()).toBe(201);

  await openApp(investor, `/app/${user.userName}/transactions-history`);
  const rows = investor.getByTestId('transactions-table').getByRole('row');
  const depositAmount = rows.filter({ hasText: depositRef }).getByTestId('tx-amount');
  await expect(depositAmount).toHaveText(/^\+\$6,000\.00/);
  await expect(depositAmount).toHaveAttribute('data-direction', 'in');
  const investment = rows.filter({ hasText: 'Investment' }).getByTestId('tx-amount');
  await expect(investment).toHaveText(/^-\$5,000\.00/);
  await expect(investment).toHaveAttribute('data-direction', 'out');
  // The two colours differ.
  type WithStyle = { getComputedStyle(el: unknown): { color: string } };
  const colour = (l: typeof investment) =>
    l.evaluate((el) => (globalThis as unknown as WithStyle).getComputedStyle(el).color);
  expect(await colour(depositAmount)).not.toBe(await colour(investment));
  // What is left: the balance these make.
  await expect(investor.getByTestId('transactions-balance')).toContainText('$1,000.00');
  await investor.context().close();
  await admin.context().close();
});

test('6: one money and one date format, and no minimum when none is set', async ({ browser }) => {
  const admin = await adminApi(browser);
  const { user, userId, investor } = await activeInvestor(admin, browser, 'tm6', WALLET);
  await credit(admin.request, userId, 5000);

  // The notice written by the server formats money as the screens do.
  await openApp(investor, `/app/${user.userName}/notifications`);
  await expect(investor.getByTestId('notification-list')).toContainText('$5,000.00');
  await expect(investor.getByTestId('notification-list')).not.toContainText('$5000.00');

  // No minimum set: the modal does not invent one.
  await investor.goto(`/app/${user.userName}/investments`);
  await investor.getByRole('button', { name: 'Withdraw Funds' }).click();
  const modal = investor.getByRole('dialog', { name: 'Withdraw Funds' });
  await modal.getByLabel('Amount (USD)').fill('100');
  await expect(modal.getByTestId('withdraw-quote')).toBeVisible();
  await expect(modal).not.toContainText('Minimum $0.00');
  await expect(modal).not.toContainText(/minimum/i);

  // A payout change starts the security hold: its end reads like every other date on the screens.
  const changed = await investor.request.put(`/api/users/${userId}/payout-details`, {
    data: { btcWallet: WALLET.replace('q', 'p'), currentPassword: user.password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await investor.reload();
  await investor.getByRole('button', { name: 'Withdraw Funds' }).click();
  await modal.getByLabel('Amount (USD)').fill('100');
  const problem = modal.getByTestId('withdraw-problem');
  await expect(problem).toContainText('Withdrawals are paused after a recent security change');
  await expect(problem).toHaveText(/until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/);
  await expect(problem).not.toContainText('UTC');
  await investor.context().close();
  await admin.context().close();
});

test('7: Quick Invest offers what the balance allows and closes its dialog on a refusal', async ({ browser }) => {
  const admin = await adminApi(browser);
  const { user, userId, investor } = await activeInvestor(admin, browser, 'tm7', '', false);
  await credit(admin.request, userId, 725);

  await openApp(investor, `/app/${user.userName}/investments`);
  const quick = investor.getByTestId('quick-invest');
  const starter = quick.getByRole('listitem').filter({ hasText: 'Starter' });
  const growth = quick.getByRole('listitem').filter({ hasText: 'Growth' });
  // Starter ($100 to $4,999): the whole balance; Growth (from $5,000): not offered, and why.
  await expect(starter.getByRole('button', { name: 'Invest $725.00 in Starter' })).toBeEnabled();
  await expect(growth.getByRole('button')).toHaveCount(0);
  await expect(growth).toContainText('Needs at least $5,000.00');
  await expect(quick).not.toContainText('$4,999.00');

  // The balance shrinks behind the screen's back: the refusal closes the dialog and says why.
  await starter.getByRole('button', { name: 'Invest $725.00 in Starter' }).click();
  const dialog = investor.getByRole('dialog', { name: 'Confirm investment' });
  await expect(dialog).toContainText('Invest $725.00 in Starter');
  const { data: plans } = (await (await investor.request.get('/api/plans')).json()) as {
    data: { id: number; name: string }[];
  };
  const starterId = plans.find((p) => p.name === 'Starter')!.id;
  const spent = await investor.request.post('/api/investments', { data: { planId: starterId, amount: 200 } });
  expect(spent.status(), await spent.text()).toBe(201);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(investor.getByText('Insufficient balance: deposit funds to invest this amount')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The offer follows the new balance.
  await expect(starter.getByRole('button', { name: 'Invest $525.00 in Starter' })).toBeEnabled();
  await starter.getByRole('button', { name: 'Invest $525.00 in Starter' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await balances(investor.request, userId)).available).toBe(0);
  await expect(starter).toContainText('Needs at least $100.00');
  await investor.context().close();
  await admin.context().close();
});
