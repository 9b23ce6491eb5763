import { expect, test } from '@playwright/test';
import { loginViaUi } from './accounts';
import { blockingViolations } from './axe';
import { E2E_ADMIN } from './server';
import { adminApi, raiseAdminDeviceLimit, staffAccount } from './staff';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await raiseAdminDeviceLimit(api);
  await api.dispose();
});
test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

test('an admin finds a staff change in the Audit Log and reads its before and after', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const api = await adminApi(browser);
  const target = await staffAccount(api, 'user', 'aud');
  const edit = await api.request.put(`/api/users/profile/${target.userId}`, { data: { firstName: 'Audited', maxDevices: 4 } });
  expect(edit.status(), await edit.text()).toBe(200);
  await api.context().close();

  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Audit Log' }).first().click();
  await expect(page).toHaveURL(/\/app\/admin\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();

  await page.getByLabel('Action').fill('user.update');
  await page.getByLabel('Target type').selectOption('user');
  await page.getByLabel('Target ID').fill(String(target.userId));
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();
  const row = page.getByTestId('audit-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('user.update');
  await expect(row).toContainText(E2E_ADMIN.userName);
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('button', { name: `View changes of user.update on user #${target.userId}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`User update · user #${target.userId}`);
  const diff = dialog.getByTestId('audit-diff-row');
  await expect(diff.filter({ hasText: 'firstName' })).toContainText('Audited');
  await expect(diff.filter({ hasText: 'maxDevices' })).toContainText('4');
  // Only changed fields are listed.
  await expect(diff.filter({ hasText: 'lastName' })).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // A filter that matches nothing says so.
  await page.getByLabel('Action').fill('plan.delete');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No audit records match these filters.')).toBeVisible();
});
