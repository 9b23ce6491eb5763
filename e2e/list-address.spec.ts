import { expect, test } from './fixtures';
import { signInViaApi } from './accounts';
import { activeInvestor } from './funds';
import { E2E_ADMIN } from './server';
import { adminApi } from './staff';

test('a list keeps its page and filters in the address: a shared link opens it, Back steps through pages, a page past the end moves to the last', async ({
  page,
  browser,
}) => {
  // Eleven deposits of this test's own: the manual-deposit list has at least two pages, whatever else runs.
  const admin = await adminApi(browser);
  const { userId } = await activeInvestor(admin, browser, 'pages', '', false);
  for (let i = 0; i < 11; i++) {
    const credit = await admin.request.post('/api/deposits/manual', {
      data: { userId, amount: 1 + i, currency: 'BTC', notes: '' },
    });
    expect(credit.status(), await credit.text()).toBe(201);
  }
  await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });

  // The link names the filter: the screen opens with it chosen.
  await page.goto('/app/admin/manage-transactions?type=manual_deposit');
  const screen = page.getByTestId('manage-transactions-page');
  await expect(screen.getByLabel('Type')).toHaveValue('manual_deposit');
  const pager = screen.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText(/Page 1 of ([2-9]|\d{2,})/);

  // Next is a step of history; Back returns to page 1 with the filter kept.
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\?type=manual_deposit&page=2$/);
  await expect(pager).toContainText('Page 2 of');
  await page.goBack();
  await expect(page).toHaveURL(/\?type=manual_deposit$/);
  await expect(pager).toContainText('Page 1 of');

  // A page past the end (an old link) moves to the last page, without a history step to bounce back to.
  await page.goto('/app/admin/manage-transactions?type=manual_deposit&page=9999');
  await expect(pager).toContainText(/Page (\d+) of \1(?!\d)/);
  await expect(page).not.toHaveURL(/page=9999/);
  await expect(screen.getByRole('row').nth(1)).toBeVisible();
});
