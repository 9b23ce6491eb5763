import fs from 'node:fs/promises';
import { expect, test } from './fixtures';
import { parse } from 'csv-parse/sync';
import { loginViaUi } from './accounts';
import { blockingViolations } from './axe';
import { E2E_ADMIN } from './server';
import { adminApi, staffAccount } from './staff';

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

test('an admin downloads the transaction report: a CSV holding the manual deposit just made, formulas neutralized', async ({
  page,
  browser,
}) => {
  // A manual deposit, a UI login, two report downloads and an axe analysis.
  test.setTimeout(60_000);
  // A transaction to find in the report: a manual deposit whose note starts with "=".
  const api = await adminApi(browser);
  const investor = await staffAccount(api, 'user', 'rep');
  const credit = await api.request.post('/api/deposits/manual', {
    data: { userId: investor.userId, amount: '42.10', currency: 'BTC', notes: '=1+1 from the report test' },
  });
  expect(credit.status(), await credit.text()).toBe(201);
  const { transaction } = (await credit.json()) as { transaction: { id: number; referenceNumber: string } };
  await api.context().close();

  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  await page.goto('/app/admin/reports');
  await expect(page.getByRole('heading', { name: 'System Reports' })).toBeVisible();
  const period = page.getByLabel('Time period');
  await expect(period).toHaveValue('last30');
  await expect(period.locator('option')).toHaveText([
    'Last 7 Days',
    'Last 30 Days',
    'Last 90 Days',
    'This Year',
    'All Time',
  ]);
  for (const title of ['User Reports', 'Transaction Reports', 'Investment Reports', 'Activity Logs'])
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await period.selectOption('last7');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Transaction Reports' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transactions-report-last-7-days-\d{4}-\d\d-\d\d\.csv$/);
  await expect(page.getByTestId('report-transactions').getByRole('status')).toHaveText(
    /^Transaction Reports downloaded as transactions-report-last-7-days-/,
  );
  const rows = parse(await fs.readFile((await download.path())!, 'utf8'), { columns: true }) as Record<
    string,
    string
  >[];
  const row = rows.find((r) => r.referenceNumber === transaction.referenceNumber);
  expect(row).toMatchObject({
    id: String(transaction.id),
    userId: String(investor.userId),
    userName: investor.userName,
    type: 'manual_deposit',
    amount: '42.10',
    status: 'Completed',
    description: "'=1+1 from the report test",
  });

  // The users report names the new account and carries no password hash.
  const [users] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download User Reports' }).click(),
  ]);
  const text = await fs.readFile((await users.path())!, 'utf8');
  expect(text).toContain(investor.userName);
  expect(text).not.toMatch(/argon2|passwordHash/i);
});

test('a failed download says why in its card and leaves the button usable', async ({ page }) => {
  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  await page.goto('/app/admin/reports');
  await page.route('**/api/reports/activity**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Reports are unavailable right now', code: 'UNAVAILABLE' }),
    }),
  );
  const button = page.getByRole('button', { name: 'Download Activity Logs' });
  await button.click();
  await expect(page.getByTestId('report-activity').getByRole('alert')).toHaveText('Reports are unavailable right now');
  await expect(button).toBeEnabled();
});
