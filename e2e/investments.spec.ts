import { expect, test } from '@playwright/test';
import { dashboardUrl, loginViaUi, newDevicePage, newUser, registerViaApi } from './accounts';
import { waitForLink } from './mail';
import { E2E_ADMIN } from './server';

test('an admin creates a plan and credits a user, who invests in it from the Investments screen', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const planName = `E2E Plan ${Date.now()}${Math.floor(Math.random() * 1e4)}`;

  // The admin adds a plan on Plan Management.
  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  await page.goto('/app/admin/packages');
  await page.getByRole('button', { name: 'Add New Plan' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Plan' });
  await form.getByLabel('Name', { exact: true }).fill(planName);
  await form.getByLabel('Description').fill('A short plan for the browser test.');
  await form.getByLabel('Duration (days)').fill('10');
  await form.getByLabel('Interest Rate (%)').fill('10');
  await form.getByLabel('Minimum Investment').fill('100');
  await form.getByLabel('Maximum Investment').fill('5000');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('New plan created successfully')).toBeVisible();
  await expect(page.getByTestId('plan-card').filter({ hasText: planName })).toContainText('$100.00 – $5,000.00');

  // A new investor with a confirmed email.
  const user = newUser('inv');
  const investor = await newDevicePage(browser);
  await registerViaApi(investor.request, user);
  await investor.goto(await waitForLink(user.email, '/verify/confirm-email/'));
  await expect(investor.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
  await loginViaUi(investor, user.userName, user.password);
  await expect(investor).toHaveURL(dashboardUrl(user.userName));
  const auth = await investor.request.get('/api/verify-auth-token');
  const { user: me } = (await auth.json()) as { user: { id: number } };

  // The admin credits the investor (the admin's browser context carries the admin's cookie).
  const deposit = await page.request.post('/api/deposits/manual', { data: { userId: me.id, amount: 1000, currency: 'BTC' } });
  expect(deposit.ok(), await deposit.text()).toBe(true);

  // The investor invests through the form and sees the investment and the new figures.
  await investor.goto(`/app/${user.userName}/investments`);
  await expect(investor.getByTestId('total-invested')).toContainText('$0.00');
  await investor.getByLabel('Investment plan').selectOption({ label: `${planName} — 10% / 10 days` });
  await investor.getByLabel('Amount (USD)').fill('500');
  await expect(investor.getByTestId('estimated-return')).toHaveText('$550.00');
  await investor.getByRole('button', { name: 'Invest Now' }).click();
  await expect(investor.getByText('Investment created successfully')).toBeVisible();
  const card = investor.getByTestId('investment-card').filter({ hasText: planName });
  await expect(card).toContainText('$500.00');
  await expect(card).toContainText('running');
  await expect(investor.getByTestId('total-invested')).toContainText('$500.00');
  await investor.context().close();
});
