import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInViaApi } from './accounts';
import { filledAccount, layoutProblems, settled, WIDTHS } from './layout';
import { E2E_ADMIN } from './server';

/**
 * Every investor and admin screen, with something in each of its lists, at a phone's, a laptop's and a
 * desktop's width: nothing scrolls sideways and no table hides a column.
 */

async function walk(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await settled(page);
    const problems = await layoutProblems(page);
    if (problems.length) found[path] = problems;
  }
  return found;
}

for (const size of WIDTHS) {
  test(`investor screens fit at ${size.width} px`, async ({ page, browser }) => {
    // Twelve screens after setting up their data: longer than one screen's test, not waiting on a race.
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    const { user, investor, admin, depositReference } = await filledAccount(browser, `w${size.width}i`);
    // A proof of liabilities that holds this investor, so My proof shows a whole proof.
    const published = await admin.request.post('/api/proof-of-liabilities/snapshots');
    expect(published.status(), await published.text()).toBe(201);
    await investor.context().close();
    await admin.context().close();
    await signInViaApi(page, { usernameOrEmail: user.userName, password: user.password });
    const base = `/app/${user.userName}`;
    const screens = [
      'dashboard',
      'profile',
      'security-settings',
      'investments',
      'downlinks',
      'account',
      'transactions-history',
      `order/${depositReference}`,
      'notifications',
      'support',
      'verification',
      'proof-of-liabilities',
    ].map((s) => `${base}/${s}`);
    expect(await walk(page, screens)).toEqual({});
  });

  test(`admin screens fit at ${size.width} px`, async ({ page, browser }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    const { investor, admin, depositReference } = await filledAccount(browser, `w${size.width}a`);
    await investor.context().close();
    await admin.context().close();
    await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
    const screens = [
      'dashboard',
      'manage-users',
      'manage-investments',
      'manage-transactions',
      'users-deposits',
      'user-withdrawal',
      `order-confirmation/${depositReference}`,
      'packages',
      'kyc',
      'send-notification',
      'support',
      'reports',
      'audit-log',
      'site-settings',
      'security-settings',
      'jobs',
    ].map((s) => `/app/admin/${s}`);
    expect(await walk(page, screens)).toEqual({});
  });
}
