import { expect, type Browser, type Page } from '@playwright/test';
import { newDevicePage, newUser } from './accounts';
import { E2E_ADMIN } from './server';

/** Helpers of the staff browser tests (audit log, reports, moderator roles). */

/** An admin API session on its own browser context. */
export async function adminApi(browser: Browser): Promise<Page> {
  const page = await newDevicePage(browser);
  const login = await page.request.post('/api/auth/login', {
    data: { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

/** A registered, active account the admin gave `role`; returns its login. */
export async function staffAccount(
  admin: Page,
  role: 'admin' | 'moderator' | 'user',
  prefix: string,
): Promise<{ userName: string; password: string; userId: number }> {
  const user = newUser(prefix);
  const reg = await admin.request.post('/api/users/register', {
    data: { ...user, confirmPassword: user.password, agreement: true, btcWallet: '', ethWallet: '', referrerId: '' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const found = await admin.request.get(`/api/users?page=1&limit=100&search=${user.userName}`);
  const { data } = (await found.json()) as { data: { id: number; userName: string }[] };
  const userId = data.find((u) => u.userName === user.userName)!.id;
  const set = await admin.request.put(`/api/users/profile/${userId}`, {
    data: { status: 'active', isEmailVerified: true, role },
  });
  expect(set.status(), await set.text()).toBe(200);
  return { userName: user.userName, password: user.password, userId };
}
