import { expect, test } from './fixtures';
import { watchErrors, type WithStorage } from './page';

const PUBLIC_ROUTES = [
  '/',
  '/about-us',
  '/purpose-values',
  '/asset-management',
  '/investment-banking',
  '/plans',
  '/markets',
  '/trade',
  '/invest',
  '/faq',
  '/contact-us',
  '/terms',
  '/login',
  '/register',
  '/register/REF123',
  '/forgot-password',
  '/reset-password/some-token',
  '/verify/confirm-email/some-token',
  '/auth/otp-verify',
];

test('home page loads with its heading, risk disclosure and no console errors', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Crypto investments carry risk; returns are not guaranteed/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /create a free account/i })).toHaveAttribute('href', '/register');
  await expect(page).toHaveTitle(/MineVest/);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('theme toggle switches the dark class and the choice survives a reload', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  const initiallyDark = await html.evaluate((el) => el.classList.contains('dark'));
  const expected = initiallyDark ? 'light' : 'dark';

  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-theme', expected);
  expect(await html.evaluate((el) => el.classList.contains('dark'))).toBe(!initiallyDark);
  expect(await page.evaluate(() => (globalThis as unknown as WithStorage).localStorage.getItem('theme'))).toBe(
    expected,
  );

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', expected);
  expect(await html.evaluate((el) => el.classList.contains('dark'))).toBe(!initiallyDark);
  await expect(page.getByRole('button', { name: 'Toggle theme' })).toBeVisible();
});

test('an unknown path under /app shows the app 404', async ({ page }) => {
  await page.goto('/app/x');
  const notFound = page.getByTestId('app-404');
  await expect(notFound).toBeVisible();
  await expect(notFound.getByRole('heading', { level: 1 })).toContainText('404');
  await expect(notFound.getByRole('heading', { level: 1 })).toContainText('Page not found');
  await expect(notFound.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await expect(notFound.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(page.getByTestId('public-404')).toHaveCount(0);
});

test('any other unknown path shows the public 404', async ({ page }) => {
  await page.goto('/x');
  const notFound = page.getByTestId('public-404');
  await expect(notFound).toBeVisible();
  await expect(notFound.getByRole('heading', { level: 1 })).toContainText('404');
  await expect(notFound.getByRole('heading', { level: 1 })).toContainText('Page not found');
  await expect(notFound.getByRole('link', { name: 'Go Home' })).toBeVisible();
  await expect(notFound.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('app-404')).toHaveCount(0);
});

test('/admin redirects to the admin dashboard, which asks an anonymous visitor to log in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  await expect(page.getByTestId('login-required')).toContainText('You need to be logged in to access this page.');
});

for (const route of PUBLIC_ROUTES) {
  test(`public route ${route} renders without console errors`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(route);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    expect((await heading.innerText()).trim()).not.toBe('');
    await expect(page.getByTestId('public-404')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Terms & Conditions' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}
