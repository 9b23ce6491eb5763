import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { completeOnboarding, dashboardUrl, loginViaUi } from './accounts';
import { blockingViolations } from './axe';
import { activeInvestor } from './funds';
import { E2E_ADMIN } from './server';

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

test('the investor dashboard shows the figures of a seeded deposit and investment; onboarding completes once', async ({
  page,
  browser,
}) => {
  // An admin and an investor, money seeded through the API, then a dozen figures checked.
  test.setTimeout(90_000);
  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  const { user, userId, investor } = await activeInvestor(page, browser, 'dash');
  // The retries of a failed load (below) wait on timers: on a clock the test moves.
  await investor.clock.install();

  // Seed through the API: $1,000 deposited and approved by the admin, $50 still pending, $400 invested.
  const made = await investor.request.post('/api/deposits/new', { data: { amount: '1000', currency: 'BTC' } });
  expect(made.status(), await made.text()).toBe(201);
  const approved = await page.request.put(`/api/deposits/update/${(await made.json()).deposit.id}`, {
    data: { status: 'settled' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  expect(
    (await investor.request.post('/api/deposits/new', { data: { amount: '50', currency: 'USDT' } })).status(),
  ).toBe(201);
  const { data: plans } = await json<{
    data: { id: number; name: string; minimumInvestment: number; maximumInvestment: number }[];
  }>(investor.request, '/api/plans');
  const plan = plans.find((p) => p.minimumInvestment <= 400 && p.maximumInvestment >= 400)!;
  const invested = await investor.request.post('/api/investments', { data: { planId: plan.id, amount: '400' } });
  expect(invested.status(), await invested.text()).toBe(201);
  const btc = (await json<{ rate: number }>(investor.request, '/api/utils/crypto-rates/USD_BTC')).rate;
  const eth = (await json<{ rate: number }>(investor.request, '/api/utils/crypto-rates/USD_ETH')).rate;

  await loginViaUi(investor, user.userName, user.password);
  await expect(investor).toHaveURL(dashboardUrl(user.userName));
  await completeOnboarding(investor);
  const profile = await json<{ hasCompletedOnboarding: boolean }>(investor.request, `/api/users/profile/${userId}`);
  expect(profile.hasCompletedOnboarding).toBe(true);

  await expect(investor.getByTestId('welcome-banner')).toContainText(`Welcome back, ${user.firstName}!`);
  await expect(investor.getByTestId('total-balance-value')).toHaveText('$1,000.00');
  await expect(investor.getByTestId('balance-btc')).toHaveText(`${(1000 * btc).toFixed(4)} BTC`);
  await expect(investor.getByTestId('balance-eth')).toHaveText(`${(1000 * eth).toFixed(4)} ETH`);
  await expect(investor.getByTestId('total-pnl-value')).toHaveText('$0.00');
  await expect(investor.getByTestId('total-pnl-percent')).toHaveText('0.00%');
  await expect(investor.getByTestId('total-deposit-value')).toHaveText('$1,000.00');
  await expect(investor.getByTestId('pending-deposits')).toHaveText('Pending: $50.00');
  await expect(investor.getByTestId('metric-total-investments')).toContainText('1');
  await expect(investor.getByTestId('metric-total-deposits')).toContainText('1');
  await expect(investor.getByTestId('metric-total-referrals')).toContainText('0');
  const packages = investor.getByTestId('investment-packages');
  await expect(packages.getByTestId('investment-card')).toHaveCount(1);
  await expect(packages.getByTestId('investment-card')).toContainText(plan.name);
  await expect(packages.getByTestId('investment-card')).toContainText('$400.00');
  // Nothing paid yet: the chart's empty state, with a way to refresh.
  const chart = investor.getByTestId('performance-chart');
  await expect(chart.getByText('No investment data available')).toBeVisible();
  await expect(chart.getByRole('button', { name: 'Refresh Data' })).toBeEnabled();
  await expect(investor.getByTestId('dashboard-footer')).toHaveText('Investment data updates every 24 hours.');
  await expect(
    investor
      .getByTestId('quick-invest')
      .getByRole('button', { name: /^Invest / })
      .first(),
  ).toBeVisible();

  // A deposit from the Deposit tab refreshes the cached figures at once (not after 10 minutes).
  await investor.getByRole('tab', { name: 'Deposit' }).click();
  const form = investor.getByTestId('deposit-form');
  await expect(form.getByLabel('Payment method').locator('option')).toHaveText(['Bitcoin (BTC)', 'Tether (USDT)']);
  await form.getByLabel('Amount (USD)').fill('25');
  await form.getByRole('button', { name: 'Deposit' }).click();
  await expect(investor.getByTestId('deposit-pending')).toBeVisible();
  await expect(investor.getByTestId('pending-deposits')).toHaveText('Pending: $75.00');

  expect(await blockingViolations(investor)).toEqual([]);

  // Completed once: a reload shows the dashboard without the modal.
  await investor.reload();
  await expect(investor.getByTestId('total-balance-value')).toHaveText('$1,000.00');
  await expect(investor.getByTestId('onboarding')).toHaveCount(0);

  // A failed load shows the error panel once the app gives up (a server error is retried twice,
  // 1 s and 2 s later: those seconds pass on the page's clock); Try Again loads the figures. A
  // page load has the server draw the dashboard from its own reads, so the app's read is made on
  // the way in from another page.
  await investor.goto(`/app/${user.userName}/profile`);
  let failures = 0;
  await investor.route('**/api/metrics/user-dashboard/**', (route) => {
    failures += 1;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Service unavailable', code: 'UNAVAILABLE' }),
    });
  });
  await investor.getByTestId('app-sidebar').getByRole('link', { name: 'Dashboard' }).click();
  await expect
    .poll(async () => {
      await investor.clock.runFor(1_000);
      return failures;
    })
    .toBe(3);
  const retry = investor.getByRole('button', { name: 'Try Again' });
  await expect(retry).toBeVisible();
  await expect(investor.getByText('Service unavailable')).toBeVisible();
  await investor.unroute('**/api/metrics/user-dashboard/**');
  await retry.click();
  await expect(investor.getByTestId('total-balance-value')).toHaveText('$1,000.00');
  await investor.request.post('/api/auth/logout');
});

test('the admin dashboard shows the platform figures, its three charts and the quick links', async ({ page }) => {
  // Three charts drawn and an axe analysis of the busiest admin screen.
  test.setTimeout(60_000);
  // Other specs add users and money side by side, so the figures to expect are the ones the
  // server gave this very page.
  const answer = (path: string) =>
    page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'GET');
  const overviewAnswer = answer('/api/metrics/dashboard');
  const usersAnswer = answer('/api/metrics/users');
  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const overview = (await (await overviewAnswer).json()) as {
    totalUsers: number;
    totalTransactions: number;
    totalInvestmentVolume: number;
  };
  const users = (await (await usersAnswer).json()) as { newUsersToday: number };
  const figure = (id: string) => page.getByTestId(id).locator('p').last();
  await expect(figure('admin-total-users')).toHaveText(String(overview.totalUsers));
  await expect(figure('admin-total-transactions')).toHaveText(String(overview.totalTransactions));
  await expect(figure('admin-investment-volume')).toHaveText(usd.format(overview.totalInvestmentVolume));
  expect(overview.totalInvestmentVolume).toBeGreaterThanOrEqual(400);
  await expect(figure('admin-new-users')).toHaveText(String(users.newUsersToday));

  // The charts: today's registrations and money moved are non-zero, and a plan runs principal.
  for (const id of ['user-growth-chart', 'transaction-volume-chart', 'investment-distribution-chart']) {
    await expect(page.getByTestId(id).locator('canvas')).toBeVisible();
  }
  await expect(page.getByRole('img', { name: 'User growth over the last month' })).toBeVisible();
  await page.getByRole('group', { name: 'Chart period' }).getByRole('button', { name: 'Week' }).click();
  await expect(page.getByRole('img', { name: 'Transaction volume over the last week' })).toBeVisible();

  expect(await blockingViolations(page)).toEqual([]);

  const links = page.getByRole('navigation', { name: 'Quick links' });
  await expect(links.getByRole('link')).toHaveText([/Manage Users/, /Manage Transactions/, /Site Settings/]);
  await links.getByRole('link', { name: /Manage Transactions/ }).click();
  await expect(page).toHaveURL(/\/app\/admin\/manage-transactions$/);
});
