import { waitForApp } from './fixtures';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { WithStorage } from './page';

/** Helpers of the account browser tests: unique users, API shortcuts, UI logins. */
export interface TestUser {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  country: string;
  password: string;
}

/** A user no other test (or parallel worker) uses. */
export function newUser(prefix = 'u'): TestUser {
  const id = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    userName: `${prefix}${id}`,
    email: `${prefix}${id}@example.test`,
    phone: '+31 20 123 4567',
    dateOfBirth: '1990-05-17',
    country: 'NL',
    password: `Pw-${id}-secret`,
  };
}

/** Registers through the API (the registration screen has its own test). */
export async function registerViaApi(request: APIRequestContext, user: TestUser, referrerId = ''): Promise<void> {
  const res = await request.post('/api/users/register', {
    data: { ...user, confirmPassword: user.password, agreement: true, btcWallet: '', ethWallet: '', referrerId },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Fills and submits the login form (the page must be on /login). */
export async function submitLogin(page: Page, usernameOrEmail: string, password: string): Promise<void> {
  await page.getByLabel('Username or email').fill(usernameOrEmail);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function loginViaUi(page: Page, usernameOrEmail: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, usernameOrEmail, password);
}

/**
 * Signs `page`'s browser in through the API (the login form has its own tests) and leaves the
 * hint the form would have left that this browser holds a session, before any page loads.
 */
export async function signInViaApi(page: Page, login: { usernameOrEmail: string; password: string }): Promise<void> {
  await page.addInitScript(() => (globalThis as unknown as WithStorage).localStorage.setItem('signed-in', '1'));
  const res = await page.request.post('/api/auth/login', { data: login });
  expect(res.status(), await res.text()).toBe(200);
}

export const dashboardUrl = (userName: string) => new RegExp(`/app/${userName}/dashboard$`);

/** A fresh browser context on the test server (for several devices in one test). */
export async function newDevicePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  return waitForApp(await context.newPage());
}

/** Walks the dashboard's onboarding modal (shown once per user): Next, Next, Get Started. */
export async function completeOnboarding(page: Page): Promise<void> {
  const dialog = page.getByTestId('onboarding');
  await expect(dialog).toContainText('Step 1 of 3');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toContainText('Step 3 of 3');
  await dialog.getByRole('button', { name: 'Get Started' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Onboarding completed successfully!' });
  await expect(toast).toBeVisible();
  await expect(dialog).toBeHidden();
  // The toast covers the bottom of the page (its whole width on narrow screens):
  // close it, as a person would, before the spec clicks anything there.
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect(toast).toHaveCount(0);
}
