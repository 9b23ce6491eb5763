import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newDevicePage, newUser, type TestUser } from './accounts';
import { verifyIdentity } from './kyc';
import type { WithStorage } from './page';

/** Helpers of the money browser tests. */

/** Balances in cents, so the assertions compare exact amounts, never floats. */
export async function balances(
  request: APIRequestContext,
  userId: number,
): Promise<{ available: number; hold: number }> {
  const res = await request.get(`/api/metrics/account/${userId}`);
  expect(res.status(), await res.text()).toBe(200);
  const m = (await res.json()) as { availableBalance: number; withdrawalHold: number };
  return { available: Math.round(m.availableBalance * 100), hold: Math.round(m.withdrawalHold * 100) };
}

/**
 * A new investor, activated and email-verified by the admin (whose page is logged in), and
 * logged in on its own browser context. `btcWallet` is where BTC withdrawals are paid.
 * Identity is verified too (withdrawals need it by default) unless `verified` is false.
 */
export async function activeInvestor(
  admin: Page,
  browser: Browser,
  prefix: string,
  btcWallet = '',
  verified = true,
): Promise<{ user: TestUser; userId: number; investor: Page }> {
  const user = newUser(prefix);
  const investor = await newDevicePage(browser);
  const reg = await investor.request.post('/api/users/register', {
    data: { ...user, confirmPassword: user.password, agreement: true, btcWallet, ethWallet: '', referrerId: '' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const found = await admin.request.get(`/api/users?page=1&limit=100&search=${user.userName}`);
  expect(found.status(), await found.text()).toBe(200);
  const { data: matches } = (await found.json()) as { data: { id: number; userName: string }[] };
  const userId = matches.find((u) => u.userName === user.userName)!.id;
  const activate = await admin.request.put(`/api/users/profile/${userId}`, {
    data: { status: 'active', isEmailVerified: true },
  });
  expect(activate.status(), await activate.text()).toBe(200);
  const login = await investor.request.post('/api/auth/login', {
    data: { usernameOrEmail: user.userName, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  if (verified) await verifyIdentity(investor.request, userId, admin.request);
  return { user, userId, investor };
}

/** Answers the decision dialog of spec §2 with Confirm and waits for the server's message. */
export async function confirmDecision(page: Page, question: string, message: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The investor's context holds a session cookie from an API login; tell the app it is signed in on this browser. */
export async function openApp(investor: Page, path: string): Promise<void> {
  await investor.addInitScript(() => (globalThis as unknown as WithStorage).localStorage.setItem('signed-in', '1'));
  await investor.goto(path);
}
