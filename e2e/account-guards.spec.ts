import { expect, test } from './fixtures';
import { completeOnboarding, dashboardUrl, newUser, registerViaApi, signInViaApi, submitLogin } from './accounts';
import { expectAccessible, prepareScan, THEMES } from './axe';
import { E2E_ADMIN } from './server';

test('the login popup returns to the page asked for; /login sends a signed-in user to their area', async ({
  page,
  request,
}) => {
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
});

test("the verify-email banner leads to the profile's verification notice", async ({ page, request }) => {
  const user = newUser('g');
  await registerViaApi(request, user);
  await signInViaApi(page, { usernameOrEmail: user.userName, password: user.password });
  await page.goto(`/app/${user.userName}/dashboard`);
  const banner = page.getByTestId('verify-email-banner');
  await expect(banner).toContainText('Confirm your email address to deposit, invest and withdraw.');
  await completeOnboarding(page);
  await banner.getByRole('link', { name: 'Verify Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/${user.userName}/profile$`));
  await expect(page.getByTestId('verify-email-notice')).toBeVisible();
});

test("an investor opening another's area lands in their own, and cannot open the admin area", async ({
  page,
  request,
}) => {
  const user = newUser('g');
  await registerViaApi(request, user);
  await signInViaApi(page, { usernameOrEmail: user.userName, password: user.password });
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

/** Account screens, each scanned by axe in both themes: one test each, so each has its own time. */
const SCREENS = [
  { name: 'register', path: () => '/register', testId: 'register-page', signedIn: false },
  { name: 'forgot password', path: () => '/forgot-password', testId: 'forgot-page', signedIn: false },
  { name: 'profile', path: (u: string) => `/app/${u}/profile`, testId: 'activity-log', signedIn: true },
  { name: 'security', path: (u: string) => `/app/${u}/security-settings`, testId: 'device-row', signedIn: true },
  { name: 'two-factor setup', path: () => '/app/verify/totp', testId: 'totp-secret', signedIn: true },
];

for (const screen of SCREENS) {
  for (const theme of THEMES) {
    test(`the ${screen.name} screen has no serious or critical axe violations (${theme})`, async ({ page }) => {
      let userName = '';
      if (screen.signedIn) {
        const user = newUser('a');
        await registerViaApi(page.request, user);
        await prepareScan(page, theme, { usernameOrEmail: user.userName, password: user.password });
        userName = user.userName;
      } else await prepareScan(page, theme);
      await page.goto(screen.path(userName));
      await expect(page.getByTestId(screen.testId).first()).toBeVisible();
      await expectAccessible(page, theme);
    });
  }
}
