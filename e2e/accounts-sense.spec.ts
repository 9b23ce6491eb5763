import { type Browser, type Page } from '@playwright/test';
import { expect, test, waitForApp } from './fixtures';
import { currentTotp } from '../server/lib/totp';
import { newUser, registerViaApi, submitLogin, type TestUser } from './accounts';
import { openApp } from './funds';
import { subjectsTo } from './mail';
import { adminApi } from './staff';

/** Issue 18, "Accounts make sense": items 17 to 23, each as the user or the admin meets it. */

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.0 Mobile/15E148 Safari/604.1';

/** A browser of its own, announcing `userAgent` on its pages and its API calls. */
async function deviceWith(browser: Browser, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, userAgent });
  return waitForApp(await context.newPage());
}

/** Signs `page`'s browser in through the API and tells the app it holds a session. */
async function signIn(page: Page, user: TestUser): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { usernameOrEmail: user.userName, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A registered user whose email an admin confirmed, allowed `maxDevices`; returns the id. */
async function confirmedUser(admin: Page, user: TestUser, maxDevices = 2): Promise<number> {
  await registerViaApi(admin.request, user);
  const id = await userIdOf(admin, user.userName);
  const res = await admin.request.put(`/api/users/profile/${id}`, { data: { isEmailVerified: true, maxDevices } });
  expect(res.status(), await res.text()).toBe(200);
  return id;
}

async function userIdOf(admin: Page, userName: string): Promise<number> {
  const found = await admin.request.get(`/api/users?page=1&limit=100&search=${userName}`);
  const { data } = (await found.json()) as { data: { id: number; userName: string }[] };
  return data.find((u) => u.userName === userName)!.id;
}

test('17: Disconnect on the security page signs the other device out', async ({ browser }) => {
  const admin = await adminApi(browser);
  const user = newUser('dc');
  await confirmedUser(admin, user);
  const phone = await deviceWith(browser, IPHONE);
  const laptop = await deviceWith(browser, FIREFOX);
  await signIn(phone, user);
  await signIn(laptop, user);

  await openApp(laptop, `/app/${user.userName}/security-settings`);
  const rows = laptop.getByTestId('devices-card').getByTestId('device-row');
  await expect(rows).toHaveCount(2);
  // The button sends no body (the cookie is the proof); the server takes that.
  await rows.filter({ hasNotText: 'This device' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(laptop.getByText('Device disconnected successfully')).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect((await phone.request.get('/api/verify-auth-token')).status()).toBe(401);
  // ...and the security page lists it among the sign-ins and security changes.
  await expect(laptop.getByTestId('activity-log')).toContainText('Disconnected Mobile Safari 17 on iOS 17.0');
});

test('18: each device reads browser and version, system, kind, address, first and last seen', async ({ browser }) => {
  const admin = await adminApi(browser);
  const user = newUser('dv');
  await confirmedUser(admin, user);
  const laptop = await deviceWith(browser, FIREFOX);
  const phone = await deviceWith(browser, IPHONE);
  await signIn(phone, user);
  await signIn(laptop, user);

  await openApp(laptop, `/app/${user.userName}/security-settings`);
  const rows = laptop.getByTestId('devices-card').getByTestId('device-row');
  await expect(rows).toHaveCount(2);
  const mine = rows.filter({ hasText: 'This device' });
  await expect(mine).toContainText('Firefox 128 on Windows 10');
  await expect(mine).toContainText(/Desktop · [\d.:a-f]+/);
  await expect(mine).toContainText(/Signed in \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M · Active now/);
  const other = rows.filter({ hasText: 'Mobile Safari 17 on iOS 17.0' });
  await expect(other).toContainText(/Mobile · [\d.:a-f]+/);
  await expect(other).toContainText(/Signed in .+ · Last seen \w{3} \d{1,2}, \d{4}/);
  await expect(other).not.toContainText('This device');
});

test('19: an unconfirmed email reads the same everywhere, and an admin confirming it is all it takes', async ({
  browser,
}) => {
  const admin = await adminApi(browser);
  const user = newUser('st');
  await registerViaApi(admin.request, user);
  const investor = await deviceWith(browser);
  await signIn(investor, user);

  await openApp(investor, `/app/${user.userName}/profile`);
  await expect(investor.getByTestId('verify-email-banner')).toContainText(
    'Confirm your email address to deposit, invest and withdraw.',
  );
  await expect(investor.getByText('Email not confirmed', { exact: true })).toBeVisible();
  const refused = await investor.request.post('/api/deposits/new', { data: { amount: 150, currency: 'BTC' } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /^Please confirm your email address before depositing\./,
  );

  await openApp(admin, '/app/admin/manage-users');
  await admin.getByLabel('Search users').fill(user.userName);
  const row = admin.locator(`[data-testid="user-row"][data-username="${user.userName}"]`);
  await expect(row).toContainText('Email not confirmed');
  await expect(row).not.toContainText('Inactive');
  await row.getByRole('button', { name: `Edit ${user.userName}` }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('Status')).toHaveValue('active');
  await edit.getByRole('switch', { name: 'Email confirmed' }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.getByText('User updated successfully')).toBeVisible();
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText('Email not confirmed');

  // Nothing else stands in the way: no "Your account is not active".
  const deposit = await investor.request.post('/api/deposits/new', { data: { amount: 150, currency: 'BTC' } });
  expect(deposit.status(), await deposit.text()).toBe(201);
  await investor.reload();
  await expect(investor.getByTestId('verify-email-banner')).toHaveCount(0);
});

test('20: a mistyped 2FA code can be retyped, and a code already used says so', async ({ browser }) => {
  const admin = await adminApi(browser);
  const user = newUser('tf');
  // Three devices sign in: the one that sets 2FA up, one that spends a recovery code, and the form's.
  const id = await confirmedUser(admin, user, 3);
  const setupDevice = await deviceWith(browser);
  await signIn(setupDevice, user);
  const setup = await setupDevice.request.post(`/api/users/setup2fa/${id}`);
  const { secret } = (await setup.json()) as { secret: string };
  const done = await setupDevice.request.post(`/api/users/verify2fa-setup/${id}`, {
    data: { token: currentTotp(secret, Date.now()) },
  });
  expect(done.status(), await done.text()).toBe(200);
  const { recoveryCodes } = (await done.json()) as { recoveryCodes: string[] };
  // One recovery code is spent on another sign-in.
  const other = await deviceWith(browser);
  const first = await other.request.post('/api/auth/login', {
    data: { usernameOrEmail: user.userName, password: user.password },
  });
  const { tempToken } = (await first.json()) as { tempToken: string };
  const spent = await other.request.post('/api/auth/verify2fa', { data: { token: recoveryCodes[0], tempToken } });
  expect(spent.status(), await spent.text()).toBe(200);

  const page = await deviceWith(browser);
  await page.clock.install();
  await page.goto('/login');
  await submitLogin(page, user.userName, user.password);
  await expect(page).toHaveURL(/\/auth\/otp-verify$/);
  const code = page.getByLabel('Authentication code');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByTestId('otp-error')).toContainText('Invalid OTP code. Please try again.');
  // The field is empty and ready again, and nothing sends the user back to the login.
  await expect(code).toHaveValue('');
  await expect(code).toBeEnabled();
  await expect(code).toBeFocused();
  await page.clock.runFor(10_000);
  await expect(page).toHaveURL(/\/auth\/otp-verify$/);

  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const recovery = page.getByLabel('Recovery code');
  await recovery.fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByTestId('otp-error')).toContainText('This code has already been used.');
  await recovery.fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/${user.userName}/dashboard$`));
});

test('22: a notification email has a subject that names its event', async ({ browser }) => {
  const admin = await adminApi(browser);
  const user = newUser('sj');
  await confirmedUser(admin, user);
  const page = await deviceWith(browser);
  await signIn(page, user);
  await openApp(page, `/app/${user.userName}/security-settings`);
  await page.getByTestId('twofactor-toggle').click();
  await expect(page).toHaveURL(/\/app\/verify\/totp$/);
  const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
  await page.getByLabel('Verification code').fill(currentTotp(secret, Date.now()));
  await page.getByRole('button', { name: 'Complete Verification' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);

  // The security notice of this change is emailed (always, for security) after its commit.
  await expect
    .poll(() => subjectsTo(user.email), { timeout: 15_000, message: `the 2FA mail to ${user.email}` })
    .toContain('MineVest security alert: Two-factor authentication turned on');
  expect(subjectsTo(user.email).filter((s) => /new notification/.test(s))).toEqual([]);
});

test('21: sign-ins and security changes stand apart from page views', async ({ browser }) => {
  const admin = await adminApi(browser);
  const user = newUser('act');
  await confirmedUser(admin, user);
  const page = await deviceWith(browser);
  await signIn(page, user);
  await openApp(page, `/app/${user.userName}/transactions-history`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`/app/${user.userName}/profile`);
  const log = page.getByTestId('activity-log');
  await expect(log).toContainText('Logged in');
  await expect(log).not.toContainText('Visited');
  await page.getByLabel('Show').selectOption({ label: 'Pages visited' });
  await expect(log).toContainText('Visited Transactions history');
  await expect(log).not.toContainText('Logged in');

  await page.goto(`/app/${user.userName}/security-settings`);
  const recent = page.getByTestId('activity-log');
  await expect(recent).toContainText('Logged in');
  await expect(recent).not.toContainText('Visited');
});

test('23: without a mail server, staff open the confirmation mail in the outbox, and that is audited', async ({
  browser,
}) => {
  const admin = await adminApi(browser);
  const user = newUser('ob');
  await registerViaApi(admin.request, user);

  await openApp(admin, '/app/admin/dashboard');
  await admin.getByRole('link', { name: 'Mail Outbox' }).first().click();
  await expect(admin.getByRole('heading', { name: 'Mail Outbox' })).toBeVisible();
  await admin.getByLabel('Recipient').fill(user.email);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin
    .getByRole('button', { name: `Open the mail "Confirm your email for MineVest" to ${user.email}` })
    .first()
    .click();
  const mail = admin.getByTestId('outbox-mail');
  const link = mail.getByRole('list', { name: 'Links in this mail' }).getByRole('link');
  await expect(link).toHaveText(/\/verify\/confirm-email\/\S+$/);
  const href = (await link.getAttribute('href'))!;

  const newcomer = await deviceWith(browser);
  await newcomer.goto(new URL(href).pathname);
  await expect(newcomer.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();

  const audit = await admin.request.get('/api/admin/audit-log?action=mail.read&targetType=mail');
  const entries = ((await audit.json()) as { data: { after: { to: string } | null }[] }).data;
  expect(entries.map((e) => e.after?.to)).toContain(user.email);
});
