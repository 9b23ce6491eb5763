import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { currentTotp } from '../server/lib/totp';
import { waitForLink } from './mail';
import {
  completeOnboarding,
  dashboardUrl,
  loginViaUi,
  newDevicePage,
  newUser,
  registerViaApi,
  submitLogin,
} from './accounts';

test('register in three steps, confirm the email, log in, enable 2FA, log in again with a code', async ({ page }) => {
  // The whole journey of a new account: three registration steps, a mail, onboarding, 2FA setup and two logins.
  test.setTimeout(120_000);
  const user = newUser();
  // The page's timers run on a clock the test can move (the redirect countdown below).
  await page.clock.install();

  await page.goto('/register');
  await expect(page.getByTestId('register-step')).toContainText('Step 1 of 3');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('step-error')).toHaveText(
    'Please fill in all required fields correctly before proceeding.',
  );
  await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();

  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Username').fill(user.userName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('register-step')).toContainText('Step 2 of 3');
  await expect(page.getByRole('progressbar', { name: 'Registration progress' })).toHaveAttribute('aria-valuenow', '67');

  await page.getByLabel('Date of birth').fill(user.dateOfBirth);
  await page.getByLabel('Phone').fill(user.phone);
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('textbox', { name: 'Search countries' }).fill('nether');
  await page.getByRole('option', { name: /^Netherlands/ }).click();
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveText(/Netherlands/);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByTestId('register-step')).toContainText('Step 3 of 3');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('You must agree to the Terms and Conditions')).toBeVisible();
  await page.getByRole('checkbox', { name: /agree to the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  const disclaimer = page.getByTestId('disclaimer-dialog');
  await expect(disclaimer).toContainText('Crypto investments carry risk');
  await disclaimer.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/Registration successful/).first()).toBeVisible();

  await page.goto(await waitForLink(user.email, '/verify/confirm-email/'));
  await expect(page.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
  await passRedirectCountdown(page);

  await submitLogin(page, user.userName, user.password);
  await expect(page).toHaveURL(dashboardUrl(user.userName));
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
  await completeOnboarding(page);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Security Settings' }).click();
  await expect(page.getByTestId('twofactor-status')).toHaveText('Disabled');
  await page.getByTestId('twofactor-toggle').click();
  await expect(page).toHaveURL(/\/app\/verify\/totp$/);
  const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
  await page.getByLabel('Verification code').fill(currentTotp(secret, Date.now()));
  await page.getByRole('button', { name: 'Complete Verification' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByTestId('twofactor-status')).toHaveText('Enabled');
  await expect(page.getByTestId('security-strength')).toHaveText('Strong · 100%');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/auth\/otp-verify$/);
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  const verify = page.getByRole('button', { name: 'Verify Code' });
  await page.getByLabel('Authentication code').fill('12ab3');
  await expect(page.getByLabel('Authentication code')).toHaveValue('123');
  await expect(verify).toBeDisabled();
  // The code of the next 30-second step: the server takes ±1 step but never a step already
  // used, and the next one is always newer than the step the setup code above used.
  await page.getByLabel('Authentication code').fill(currentTotp(secret, Date.now() + 30_000));
  await verify.click();
  await expect(page).toHaveURL(dashboardUrl(user.userName));
});

test('a third device hits the device limit, disconnects one session and gets in', async ({ browser, request }) => {
  const user = newUser('d');
  await registerViaApi(request, user);
  // The first two devices sign in through the API (the login form has its own tests); the
  // third uses the form, where the device-limit dialog is what this test is about.
  const first = await newDevicePage(browser);
  const second = await newDevicePage(browser);
  const third = await newDevicePage(browser);
  for (const page of [first, second]) {
    const login = await page.request.post('/api/auth/login', {
      data: { usernameOrEmail: user.userName, password: user.password },
    });
    expect(login.status(), await login.text()).toBe(200);
  }

  await loginViaUi(third, user.userName, user.password);
  const dialog = third.getByTestId('device-limit-dialog');
  await expect(dialog.getByRole('heading', { name: 'Device limit reached' })).toBeVisible();
  await expect(dialog.getByTestId('device-row')).toHaveCount(2);
  await expect(dialog.getByRole('button', { name: 'Disconnect All Devices' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Disconnect', exact: true }).first().click();
  await expect(third.getByText('Device disconnected successfully')).toBeVisible();
  await expect(third).toHaveURL(dashboardUrl(user.userName));

  // Exactly one of the two earlier devices was signed out: its session answers 401.
  const states: number[] = [];
  for (const page of [first, second]) states.push((await page.request.get('/api/verify-auth-token')).status());
  expect(states.sort()).toEqual([200, 401]);
  for (const page of [first, second, third]) await page.context().close();
});

test('forgot and reset password end to end', async ({ page, request }) => {
  const user = newUser('r');
  await registerViaApi(request, user);
  await page.clock.install();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Username or email').fill(user.userName);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Reset link sent to your email')).toBeVisible();
  await passRedirectCountdown(page);

  const newPassword = `${user.password}-new`;
  await page.goto(await waitForLink(user.email, '/reset-password/'));
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful')).toBeVisible();
  await passRedirectCountdown(page);

  await submitLogin(page, user.userName, user.password);
  await expect(page.getByTestId('login-error')).toHaveText('Invalid credentials');
  await submitLogin(page, user.userName, newPassword);
  await expect(page).toHaveURL(dashboardUrl(user.userName));
});

/** "Redirecting to login in 3 seconds...": play those seconds on the page's clock, and it is on /login. */
async function passRedirectCountdown(page: Page): Promise<void> {
  await expect(page.getByTestId('redirect-countdown')).toContainText(/Redirecting to login in \d/);
  await page.clock.runFor(3_000);
  await expect(page).toHaveURL(/\/login$/);
}
