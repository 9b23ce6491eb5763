import { expect, test } from './fixtures';
import { loginViaUi } from './accounts';
import { blockingViolations } from './axe';
import { E2E_ADMIN } from './server';
import { adminApi, staffAccount } from './staff';

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

test('an admin finds a staff change in the Audit Log and reads its before and after', async ({ page, browser }) => {
  // A staff account made through the API, a UI login, filters and two axe analyses.
  test.setTimeout(60_000);
  const api = await adminApi(browser);
  const target = await staffAccount(api, 'user', 'aud');
  const edit = await api.request.put(`/api/users/profile/${target.userId}`, {
    data: { firstName: 'Audited', maxDevices: 4 },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  await api.context().close();

  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Audit Log' }).first().click();
  await expect(page).toHaveURL(/\/app\/admin\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();

  await page.getByLabel('Action', { exact: true }).selectOption('user.update');
  await page.getByLabel('Target type', { exact: true }).selectOption('user');
  await page.getByLabel('Target ID', { exact: true }).fill(String(target.userId));
  await page.getByRole('button', { name: 'Apply filters' }).click();
  // Two records: the activation by staffAccount, then the edit above (newest first).
  await expect(page.getByText('2 records', { exact: true })).toBeVisible();
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('User profile changed');
  await expect(rows.first()).toContainText(E2E_ADMIN.userName);
  expect(await blockingViolations(page)).toEqual([]);

  await page
    .getByRole('button', { name: `View changes of User profile changed on user #${target.userId}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`User profile changed · user #${target.userId}`);
  const diff = dialog.getByTestId('audit-diff-row');
  await expect(diff.filter({ hasText: 'firstName' })).toContainText('Audited');
  await expect(diff.filter({ hasText: 'maxDevices' })).toContainText('4');
  // Only changed fields are listed.
  await expect(diff.filter({ hasText: 'lastName' })).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // A filter that matches nothing says so.
  await page.getByLabel('Action', { exact: true }).selectOption('plan.delete');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No audit records match these filters.')).toBeVisible();
});
