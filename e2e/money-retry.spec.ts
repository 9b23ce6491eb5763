import { expect, test } from './fixtures';
import { DepositMsg } from '../contract/funds';
import { activeInvestor, openApp } from './funds';
import { loginViaUi } from './accounts';
import { E2E_ADMIN } from './server';

test('a deposit whose answer was lost is sent again with the same key and made once', async ({
  page: admin,
  browser,
}) => {
  await loginViaUi(admin, E2E_ADMIN.userName, E2E_ADMIN.password);
  const { user, userId, investor } = await activeInvestor(admin, browser, 'retry');
  await openApp(investor, `/app/${user.userName}/account`);

  // The server makes the first deposit, but its answer never reaches the browser.
  const keys: string[] = [];
  await investor.route('**/api/deposits/new', async (route) => {
    keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
    if (keys.length > 1) return route.continue();
    await route.fetch();
    return route.abort('failed');
  });
  const form = investor.getByTestId('deposit-form');
  await form.getByLabel('Amount (USD)').fill('125');
  await form.getByRole('button', { name: 'Deposit' }).click();
  await expect(form.getByText(DepositMsg.failed)).toBeVisible();

  // Deposit again: the same request, answered with the deposit the first one made.
  await form.getByRole('button', { name: 'Deposit' }).click();
  await expect(form.getByTestId('deposit-pending')).toContainText('pending');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const list = await investor.request.get(`/api/deposits/${userId}/user?page=1&limit=10`);
  const { data } = (await list.json()) as { data: { amount: number }[] };
  expect(data.map((d) => d.amount)).toEqual([125]);
});
