import { expect, test } from '@playwright/test';
import { completeOnboarding, dashboardUrl, loginViaUi, newUser, registerViaApi, submitLogin } from './accounts';
import { blockingViolations } from './axe';
import { E2E_ADMIN } from './server';

test('guards: login popup returns to the own area; investors cannot open the admin area', async ({ page, request }) => {
  const user = newUser('g');
  await registerViaApi(request, user);

  await page.goto('/app/someone/dashboard');
  const popup = page.getByTestId('login-required');
  await expect(popup).toContainText('You need to be logged in to access this page.');
  await popup.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fapp%2Fsomeone%2Fdashboard$/);
  await submitLogin(page, user.userName, user.password);
  await expect(page).toHaveURL(dashboardUrl(user.userName));
  await page.goto('/login');
  await expect(page).toHaveURL(dashboardUrl(user.userName));

  const banner = page.getByTestId('verify-email-banner');
  await expect(banner).toContainText('Please verify your email address to access all features');
  await completeOnboarding(page);
  await banner.getByRole('link', { name: 'Verify Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/${user.userName}/profile$`));
  await expect(page.getByTestId('verify-email-notice')).toBeVisible();

  await page.goto('/app/someone/security-settings');
  await expect(page).toHaveURL(new RegExp(`/app/${user.userName}/security-settings$`));
  await page.goto('/app/admin/dashboard');
  await expect(page).toHaveURL(/\/app\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('an admin lands on the admin dashboard and finds Site Settings in the account menu', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByTestId('login-required')).toBeVisible();
  await page.getByTestId('login-required').getByRole('link', { name: 'Login' }).click();
  await submitLogin(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Site Settings' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Security Settings' }).click();
  await expect(page).toHaveURL(/\/app\/admin\/security-settings$/);
  await expect(page.getByTestId('devices-card').getByTestId('device-row')).not.toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('account screens have no serious or critical axe violations in either theme', async ({ page, request }) => {
  // Ten full axe analyses (the register page alone has the whole country list) take ~40 s.
  test.setTimeout(120_000);
  const user = newUser('a');
  await registerViaApi(request, user);
  await loginViaUi(page, user.userName, user.password);
  await expect(page).toHaveURL(dashboardUrl(user.userName));
  await completeOnboarding(page);
  const screens = [
    { path: '/register', ready: page.getByTestId('register-page') },
    { path: '/forgot-password', ready: page.getByTestId('forgot-page') },
    { path: `/app/${user.userName}/profile`, ready: page.getByTestId('activity-log') },
    { path: `/app/${user.userName}/security-settings`, ready: page.getByTestId('device-row') },
    { path: '/app/verify/totp', ready: page.getByTestId('totp-secret') },
  ];
  for (const theme of ['light', 'dark'] as const) {
    if ((await page.locator('html').getAttribute('data-theme')) !== theme)
      await page.getByTestId('theme-toggle').click();
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(screen.ready.first()).toBeVisible();
      expect(await blockingViolations(page), `${screen.path} (${theme})`).toEqual([]);
    }
  }
});
