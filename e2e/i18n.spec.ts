import { type Page } from '@playwright/test';
import { expect, test, waitForApp } from './fixtures';
import { completeOnboarding, loginViaUi, newDevicePage, signInViaApi } from './accounts';
import { activeInvestor, openApp } from './funds';
import { expectNoEnglish } from './i18n';
import { E2E_ADMIN } from './server';
import { staffAccount } from './staff';

test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

/** Coin names from the price feed ("Bitcoin", "USD Coin") are data, the same in every language. */
const COIN_NAMES = ['Bitcoin', 'Coin'];

/** Waits for a screen to settle (its heading, no list or figure still loading) before reading it. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('a visitor whose browser asks for Spanish reads Home, registration and sign-in in Spanish', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = waitForApp(await context.newPage());
  const home = await page.goto('/');
  expect(home?.headers()['vary']).toMatch(/Accept-Language/i);
  // The pre-rendered Spanish Home: Spanish before any script runs, and after hydration.
  await expect(page.locator('#root[data-prerendered="/"] h1')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectNoEnglish(page, 'es', ['common', 'public', 'marketing'], COIN_NAMES);
  await page.goto('/register');
  await settled(page);
  await expectNoEnglish(page, 'es', ['common', 'public', 'auth']);
  await page.goto('/login');
  await settled(page);
  await expectNoEnglish(page, 'es', ['common', 'public', 'auth']);
  // The header's switcher changes the page at once and keeps the choice for the next visit.
  await page.getByTestId('language-switcher').first().selectOption('ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expectNoEnglish(page, 'ru', ['common', 'public', 'auth']);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expectNoEnglish(page, 'ru', ['common', 'public', 'marketing'], COIN_NAMES);
  await context.close();
});

test('switching language on the investor dashboard turns every string Russian, then Portuguese, and the account keeps it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  const { user, investor } = await activeInvestor(page, browser, 'lang');
  await openApp(investor, `/app/${user.userName}/dashboard`);
  await completeOnboarding(investor);
  await expect(investor.getByTestId('language-switcher').first()).toBeVisible();

  const namespaces = ['common', 'ui', 'app', 'account'];
  for (const lng of ['ru', 'pt-BR']) {
    await investor.getByTestId('language-switcher').first().selectOption(lng);
    await expect(investor.locator('html')).toHaveAttribute('lang', lng);
    await settled(investor);
    await expectNoEnglish(investor, lng, namespaces);
  }

  // Saved on the account: a reload (and so the next device) opens in Portuguese.
  await investor.reload();
  await expect(investor.locator('html')).toHaveAttribute('lang', 'pt-BR');
  const me = await investor.request.get('/api/verify-auth-token');
  expect(((await me.json()) as { user: { locale: string } }).user.locale).toBe('pt-BR');

  // Every other screen of the investor's area, in Portuguese too.
  for (const screen of ['account', 'investments', 'transactions-history', 'downlinks', 'notifications', 'profile']) {
    await investor.goto(`/app/${user.userName}/${screen}`);
    await settled(investor);
    await expectNoEnglish(investor, 'pt-BR', namespaces);
  }
  await investor.context().close();
});

test('an admin who reads Russian sees the back office in Russian', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  // An admin of their own: the shared one's language stays English for the other specs.
  const staff = await staffAccount(page, 'admin', 'ruadmin');
  const admin = await newDevicePage(browser);
  await signInViaApi(admin, { usernameOrEmail: staff.userName, password: staff.password });
  await admin.goto('/app/admin/dashboard');
  await admin.getByTestId('language-switcher').first().selectOption('ru');
  await expect(admin.locator('html')).toHaveAttribute('lang', 'ru');
  const namespaces = ['common', 'ui', 'admin', 'adminMoney', 'adminEmails'];
  // Data in the lists: the shared admin's user name and name (Super Admin), and the seeded
  // plans' descriptions, which the operator writes ("daily payouts for 30 days").
  const data = [E2E_ADMIN.userName, 'Admin', 'days', 'payouts'];
  for (const screen of [
    'dashboard',
    'manage-users',
    'users-deposits',
    'user-withdrawal',
    'manage-transactions',
    'packages',
    'site-settings',
    'audit-log',
    'jobs',
    'email-templates',
  ]) {
    await admin.goto(`/app/admin/${screen}`);
    await settled(admin);
    await expectNoEnglish(admin, 'ru', namespaces, data);
  }
  await admin.context().close();
});
