import { expect, test } from './fixtures';
import { loginViaUi } from './accounts';
import { blockingViolations } from './axe';
import { E2E_ADMIN } from './server';

test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

test('an admin re-words the Russian referral-bonus email: a wrong variable is refused and marked, the preview shows the edit, save, history, reset', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);

  await page.goto('/app/admin/email-templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Email templates' })).toBeVisible();
  const cell = page.getByRole('link', { name: 'Edit “Referral bonus received” in Русский' }).first();
  await expect(cell).toContainText('Default');
  expect(await blockingViolations(page), 'template list').toEqual([]);
  await cell.click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Referral bonus received · Русский');
  await expect(page.getByTestId('template-state')).toHaveText('In use: the built-in template');
  const subject = page.getByLabel('Subject');
  await expect(subject).toHaveValue('{{ siteName }}: Вы получили реферальный бонус');
  await expect(page.getByTestId('template-variables')).toContainText('{{ level }}');

  // A name this email does not have cannot be saved; the part is marked with why.
  await subject.fill('Бонус {{ amout }}');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Fix the parts marked below: they do not render.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'undefined variable: amout' })).toBeVisible();

  await subject.fill('Бонус {{ amount }} (уровень {{ level }})');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByTestId('preview-subject')).toHaveText(/^Бонус 25,00\s\$ \(уровень 1\)$/);
  await expect(page.frameLocator('iframe[title="The email’s HTML body"]').locator('body')).toContainText(
    'Вы получили реферальный бонус 1-го уровня',
  );
  expect(await blockingViolations(page), 'template editor').toEqual([]);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Template saved')).toBeVisible();
  await expect(page.getByTestId('template-state')).toContainText('In use: version 1, saved by admin');
  await expect(page.getByTestId('template-history')).toContainText('Version 1');

  await page.getByRole('link', { name: 'All email templates' }).click();
  await expect(cell).toContainText('Edited · v1');
  await cell.click();

  // Back to the built-in text, as a version of its own.
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByText('Template reset to the default')).toBeVisible();
  await expect(page.getByTestId('template-state')).toHaveText('In use: the built-in template');
  await expect(subject).toHaveValue('{{ siteName }}: Вы получили реферальный бонус');
  await expect(page.getByTestId('template-history')).toContainText('Version 2: reset to the default');
});
