import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newUser, registerViaApi } from './accounts';
import { expectAccessible, prepareScan, THEMES } from './axe';
import { activeInvestor } from './funds';
import { E2E_ADMIN } from './server';

/** The money screens, each scanned by axe in both themes: one test each, so each has its own time. */

const USER_SCREENS: { name: string; open: (page: Page, userName: string) => Promise<void> }[] = [
  {
    name: 'account',
    open: async (page, userName) => {
      await page.goto(`/app/${userName}/account`);
      await expect(page.getByTestId('deposit-history')).toBeVisible();
    },
  },
  {
    name: 'transaction history',
    open: async (page, userName) => {
      await page.goto(`/app/${userName}/transactions-history`);
      await expect(page.getByTestId('transactions-table')).toBeVisible();
    },
  },
  {
    name: 'order not found',
    open: async (page, userName) => {
      await page.goto(`/app/${userName}/order/TX-0000-0000-0000`);
      await expect(page.getByTestId('order-not-found')).toBeVisible();
    },
  },
  {
    name: 'payout details',
    open: async (page, userName) => {
      await page.goto(`/app/${userName}/profile`);
      await expect(page.getByTestId('payout-details')).toBeVisible();
    },
  },
  {
    name: 'withdrawal dialog',
    open: async (page, userName) => {
      await page.goto(`/app/${userName}/investments`);
      await page.getByRole('button', { name: 'Withdraw Funds' }).click();
      await page.getByRole('dialog', { name: 'Withdraw Funds' }).getByLabel('Amount (USD)').fill('50');
      await expect(page.getByTestId('withdraw-quote')).toBeVisible();
    },
  },
];

for (const screen of USER_SCREENS) {
  for (const theme of THEMES) {
    test(`the investor's ${screen.name} screen has no serious or critical axe violations (${theme})`, async ({
      page,
    }) => {
      const user = newUser('fa');
      await registerViaApi(page.request, user);
      await prepareScan(page, theme, { usernameOrEmail: user.userName, password: user.password });
      await screen.open(page, user.userName);
      await expectAccessible(page, theme);
    });
  }
}

const ADMIN_SCREENS: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'User Deposits',
    open: async (page) => {
      await page.goto('/app/admin/users-deposits');
      await expect(page.getByTestId('deposit-row').first()).toBeVisible();
    },
  },
  {
    name: 'User Withdrawals',
    open: async (page) => {
      await page.goto('/app/admin/user-withdrawal');
      await expect(page.getByTestId('total-withdrawals')).toBeVisible();
    },
  },
  {
    name: 'Transaction Management',
    open: async (page) => {
      await page.goto('/app/admin/manage-transactions');
      await expect(page.getByTestId('transaction-row').first()).toBeVisible();
    },
  },
  {
    name: 'manual deposit form',
    open: async (page) => {
      await page.goto('/app/admin/users-deposits');
      await page.getByRole('button', { name: 'Add Manual Deposit' }).click();
      const user = page.getByRole('dialog', { name: 'Add Manual Deposit' }).getByLabel('User', { exact: true });
      await expect(user.locator('option').nth(1)).toBeAttached();
    },
  },
];

/** Frees the admin's device slot for whoever logs in next. */
test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

for (const screen of ADMIN_SCREENS) {
  for (const theme of THEMES) {
    test(`the admin's ${screen.name} screen has no serious or critical axe violations (${theme})`, async ({
      page,
      browser,
    }) => {
      await prepareScan(page, theme, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
      // A pending deposit of this test's own, so the lists have a row whatever else ran.
      const { investor } = await activeInvestor(page, browser, 'fx', '', false);
      const made = await investor.request.post('/api/deposits/new', { data: { amount: 42, currency: 'USDT' } });
      expect(made.status(), await made.text()).toBe(201);
      await investor.context().close();
      await screen.open(page);
      await expectAccessible(page, theme);
    });
  }
}
