import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginViaUi, newUser } from './accounts';
import { blockingViolations } from './axe';
import { mailFiles } from './mail';
import { E2E_ADMIN } from './server';

// The tests act as the one seeded admin; run them one after the other.
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'a long enough password';

test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

async function loginAdmin(page: Page) {
  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
}

/** A user created through the admin API (the UI path has its own test below). */
async function createUser(request: APIRequestContext, userName: string, role: 'user' | 'moderator' = 'user') {
  const res = await request.post('/api/users', {
    data: {
      firstName: 'Test',
      lastName: 'Person',
      userName,
      email: `${userName}@example.test`,
      dateOfBirth: '1985-03-04',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { user: { id: number } }).user.id;
}

test('an admin adds a user, suspends them (their session ends) and deletes a user (row gone, total drops)', async ({
  page,
  playwright,
}) => {
  // A user's whole life through the admin screens (add, edit, suspend, delete) and two axe analyses.
  test.setTimeout(90_000);
  await loginAdmin(page);
  const prefix = `mu${Date.now() % 1_000_000}`;
  const added = { ...newUser(prefix), userName: `${prefix}a` };
  const other = `${prefix}b`;
  await createUser(page.request, other);

  await page.goto('/app/admin/manage-users');
  await expect(page.getByRole('heading', { name: 'Manage Users' })).toBeVisible();

  // Add User: the admin user form, checked before it is sent.
  await page.getByRole('button', { name: 'Add User' }).click();
  const form = page.getByRole('dialog', { name: 'Add User' });
  await form.getByLabel('First name').fill(added.firstName);
  await form.getByLabel('Last name').fill(added.lastName);
  await form.getByLabel('Username').fill(added.userName);
  await form.getByLabel('Email').fill(added.email);
  await form.getByLabel('Date of birth').fill(`${new Date().getFullYear() - 16}-01-01`);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill('not the same password');
  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(form.getByText('You must be at least 18 years old to register')).toBeVisible();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await form.getByLabel('Date of birth').fill(added.dateOfBirth);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(form).toBeHidden();

  await page.getByLabel('Search users').fill(prefix);
  await expect(page.getByTestId('users-total')).toHaveText('2');
  const row = page.locator(`[data-testid="user-row"][data-username="${added.userName}"]`);
  await expect(row).toContainText(added.email);
  await expect(row).toContainText('Active');

  // Edit: the role changes; the table follows.
  await row.getByRole('button', { name: `Edit ${added.userName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('Email', { exact: true })).toHaveValue(added.email);
  // Staff see the duplicate-account flags where they manage the account.
  await expect(edit.getByTestId('user-duplicate-signals')).toContainText('Duplicate-account signals');
  await edit.getByLabel('Role').selectOption('moderator');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Moderator');

  // The new user logs in (active and verified at once) on their own device.
  const device = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  expect(
    (await device.post('/api/auth/login', { data: { usernameOrEmail: added.userName, password: PASSWORD } })).status(),
  ).toBe(200);
  expect((await device.get('/api/verify-auth-token')).status()).toBe(200);

  // Clicking the status suspends, after a confirm; the user's session ends at once.
  await row.getByRole('button', { name: `Active: Suspend ${added.userName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Suspend user' });
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('User status updated successfully')).toBeVisible();
  await expect(row).toContainText('Suspended');
  expect((await device.get('/api/verify-auth-token')).status()).toBe(401);
  expect(
    (await device.post('/api/auth/login', { data: { usernameOrEmail: added.userName, password: PASSWORD } })).status(),
  ).not.toBe(200);
  await device.dispose();

  // Delete the other user: the row disappears and the total drops by one.
  const otherRow = page.locator(`[data-testid="user-row"][data-username="${other}"]`);
  await otherRow.getByRole('button', { name: `Delete ${other}` }).click();
  await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(otherRow).toHaveCount(0);
  await expect(page.getByTestId('users-total')).toHaveText('1');

  expect(await blockingViolations(page)).toEqual([]);
});

test('an admin edits settings; a secret left blank stays stored; the test email really goes out', async ({ page }) => {
  // Two settings dialogs, a real mail, a BTCPay check and two axe analyses.
  test.setTimeout(90_000);
  await loginAdmin(page);
  await page.goto('/app/admin/site-settings');
  await expect(page.getByRole('heading', { name: 'Site Settings' })).toBeVisible();
  await expect(page.getByTestId('card-active-users')).toContainText(/\d+ of \d+/);
  await expect(page.getByTestId('card-server-status')).toContainText('% uptime');
  await expect(page.getByTestId('health-currently-online')).toHaveText(/^\d+$/);

  // Set the admin code (a secret) in API Settings.
  const apiCard = page.getByTestId('group-api');
  await apiCard.getByRole('button', { name: 'Configure API Settings' }).click();
  let modal = page.getByRole('dialog', { name: 'API Settings' });
  await modal.getByLabel('Price refresh (seconds)').fill('5');
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(modal.getByText('Too small: expected number to be >=10')).toBeVisible();
  await modal.getByLabel('Price refresh (seconds)').fill('60');
  await modal.getByLabel('Admin code').fill('e2e-admin-code-1234');
  expect(await blockingViolations(page)).toEqual([]);
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings updated successfully').first()).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(apiCard).toContainText('Admin code: ••••••••');

  // Open it again: the secret field is blank (write-only); saving keeps the stored secret.
  await apiCard.getByRole('button', { name: 'Configure API Settings' }).click();
  modal = page.getByRole('dialog', { name: 'API Settings' });
  await expect(modal.getByLabel('Admin code')).toHaveValue('');
  await expect(modal.getByLabel('Admin code')).toHaveAttribute('type', 'password');
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(modal).toBeHidden();
  await expect(apiCard).toContainText('Admin code: ••••••••');
  const view = (await (await page.request.get('/api/utils/site-settings')).json()) as { adminCode: string };
  expect(view.adminCode).toBe('••••••••');
  await expect(page.getByTestId('card-last-updated')).toContainText('just now');

  // Send test email: through the configured SMTP (the test mail drop), with the real answer.
  const to = `ops${Date.now()}@example.test`;
  await page.getByLabel('Send test email to').fill(to);
  await page.getByRole('button', { name: 'Send test email' }).click();
  await expect(page.getByTestId('test-email-result')).toContainText(`Test email sent to ${to}`);
  // The SMTP server took it before the page said so; the mail drop writes it out within 50 ms.
  await expect.poll(() => mailsTo(to)).toBe(1);
  // BTCPay is not configured on the test server: the button says so.
  await page.getByRole('button', { name: 'Test BTCPay connection' }).click();
  await expect(page.getByTestId('test-btcpay-result')).toContainText('BTCPay Server is not configured');

  expect(await blockingViolations(page)).toEqual([]);
});

test('an admin sets the payout rules; limits that disagree are refused on the field and nothing is saved', async ({
  page,
}) => {
  await loginAdmin(page);
  await page.goto('/app/admin/site-settings');
  const card = page.getByTestId('group-withdrawals');
  await expect(card).toContainText('Payouts: manual');
  await card.getByRole('button', { name: 'Configure Withdrawals' }).click();
  const modal = page.getByRole('dialog', { name: 'Withdrawals' });
  await expect(modal.getByLabel('Payout mode')).toHaveValue('manual');
  await modal.getByLabel('Automatic approval up to ($)').fill('600');
  await modal.getByLabel('Two approvals for withdrawals from ($)').fill('500');
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(modal.getByText('Must not exceed the two-approval threshold ($500.00)', { exact: false })).toBeVisible();
  // BTCPay is not configured on the test server: BTCPay payouts are refused too.
  await modal.getByLabel('Payout mode').selectOption('btcpay');
  await modal.getByLabel('Automatic approval up to ($)').fill('250.50');
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(modal.getByText('BTCPay payouts need the Payment settings')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  let stored = (await (await page.request.get('/api/utils/site-settings')).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({ payoutMode: 'manual', autoApproveMax: '', fourEyesWithdrawalMin: '' });

  await modal.getByLabel('Payout mode').selectOption('manual');
  await modal.getByLabel('Automatic approval per user per 24 hours ($)').fill('1000');
  await modal.getByLabel('Automatic approval: account at least (days) old').fill('30');
  await modal.getByLabel('Two approvals for manual deposits from ($)').fill('10000');
  await modal.getByLabel('Payout stuck after (hours)').fill('6');
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(modal).toBeHidden();
  stored = (await (await page.request.get('/api/utils/site-settings')).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({
    payoutMode: 'manual',
    autoApproveMax: '250.50',
    autoApproveDailyMax: '1000',
    autoApproveMinAccountDays: 30,
    fourEyesWithdrawalMin: '500',
    fourEyesDepositMin: '10000',
    payoutStuckHours: 6,
  });
  // Other specs request and approve withdrawals: the thresholds go back to none.
  const reset = await page.request.put('/api/utils/site-settings', {
    data: {
      autoApproveMax: '',
      autoApproveDailyMax: '',
      autoApproveMinAccountDays: 7,
      fourEyesWithdrawalMin: '',
      fourEyesDepositMin: '',
      payoutStuckHours: 24,
    },
  });
  expect(reset.status()).toBe(200);
});

test('a moderator sees users and settings but no write buttons', async ({ page, playwright }) => {
  // A moderator made and signed in, two admin screens and an axe analysis.
  test.setTimeout(60_000);
  const admin = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await admin.post('/api/auth/login', { data: { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password } });
  const mod = `mod${Date.now() % 1_000_000}`;
  await createUser(admin, mod, 'moderator');
  await admin.post('/api/auth/logout');
  await admin.dispose();

  await loginViaUi(page, mod, PASSWORD);
  await page.waitForURL(/\/app\//);
  await page.goto('/app/admin/manage-users');
  await expect(page.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
  await page.getByLabel('Search users').fill(mod);
  const row = page.locator(`[data-testid="user-row"][data-username="${mod}"]`);
  await expect(row).toContainText('Moderator');
  await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
  await expect(row.getByRole('button')).toHaveCount(0);

  await page.goto('/app/admin/site-settings');
  await expect(page.getByText('You do not have permission to update settings').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Configure/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send test email' })).toHaveCount(0);
  await page.getByRole('button', { name: 'View General Settings' }).click();
  const modal = page.getByRole('dialog', { name: 'General Settings' });
  await expect(modal.getByLabel('Site name')).toBeDisabled();
  await expect(modal.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
});

/** How many mails the test mail drop received for `to`. */
function mailsTo(to: string): number {
  const dir = process.env.E2E_MAIL_DIR!;
  return mailFiles(dir)
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string[] })
    .filter((m) => m.to.includes(to)).length;
}
