import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginViaUi, signInViaApi } from './accounts';
import { activeInvestor } from './funds';
import type { WithStorage } from './page';
import type { BrowserGlobals, DomElement } from './layout';
import { E2E_ADMIN } from './server';
import { adminApi } from './staff';

/**
 * The frame of the investor and admin areas (issue 18, items 24 to 26): where toasts appear, the forced
 * password change banner, and the sidebar on a page taller than the window.
 */

const LAPTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** True when a click at the middle of `target` lands on it, not on something drawn over it. */
async function reachable(target: Locator): Promise<boolean> {
  return target.evaluate((el: DomElement) => {
    const { document } = globalThis as unknown as BrowserGlobals;
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });
}

/**
 * `toast`, held on screen (sonner pauses its timer while the pointer is over it), covers none of `named` (each
 * scrolled into view, and each still taking a click) nor any primary button in the window.
 */
async function expectClearOf(page: Page, toast: Locator, named: Locator[]): Promise<void> {
  const width = page.viewportSize()!.width;
  await expect(toast).toBeVisible();
  await toast.hover();
  const toastBox = (await toast.boundingBox())!;
  for (const target of named) {
    await target.scrollIntoViewIfNeeded();
    await expect(target).toBeInViewport();
    expect(
      overlap(toastBox, (await target.boundingBox())!),
      `the toast covers ${target.toString()} at ${width} px`,
    ).toBe(false);
    expect(await reachable(target), `${target.toString()} takes a click at ${width} px`).toBe(true);
  }
  const view = { x: 0, y: 0, ...page.viewportSize()! };
  for (const button of await page.locator('.btn-primary').all()) {
    const box = await button.boundingBox();
    if (!box || !overlap(box, view)) continue;
    const name = (await button.innerText()).trim();
    expect(overlap(toastBox, box), `the toast covers the primary button "${name}" at ${width} px`).toBe(false);
  }
}

/** The toast saying `text` is clear of `named` and of every primary button, on a laptop and on a phone. */
async function expectToastClear(page: Page, text: string | RegExp, named: Locator[]): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectClearOf(page, toast, named);
  }
}

test.describe('toasts cover no primary action (item 24)', () => {
  test.use({ viewport: LAPTOP });

  test('Add Manual Deposit stays free after a manual deposit', async ({ page, browser }) => {
    const admin = await adminApi(browser);
    const { user, userId, investor } = await activeInvestor(admin, browser, 'toastdep', '', false);
    await admin.context().close();
    await investor.context().close();
    await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
    await page.goto('/app/admin/users-deposits');
    const add = page.getByRole('button', { name: 'Add Manual Deposit' });
    await add.click();
    const form = page.getByRole('dialog', { name: 'Add Manual Deposit' });
    await form.getByLabel('Search users').fill(user.userName);
    const select = form.getByLabel('User', { exact: true });
    await expect(select.locator('option', { hasText: `(@${user.userName})` })).toHaveCount(1);
    await select.selectOption(String(userId));
    await form.getByLabel('Amount (USD)').fill('150');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form).toBeHidden();
    await expectToastClear(page, /deposit/i, [add]);
  });

  test('Send New Notification stays free after sending one', async ({ page, browser }) => {
    const admin = await adminApi(browser);
    const { user, userId, investor } = await activeInvestor(admin, browser, 'toastnote', '', false);
    await admin.context().close();
    await investor.context().close();
    await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
    await page.goto('/app/admin/send-notification');
    const send = page.getByTestId('send-new-notification');
    await send.click();
    const modal = page.getByTestId('send-notification-modal');
    await modal.getByLabel('Recipient').selectOption('user');
    await modal.getByLabel('Search users').fill(user.userName);
    await modal.getByLabel('User', { exact: true }).selectOption(String(userId));
    await modal.getByLabel('Message').fill('Your statement is ready.');
    await modal.getByRole('button', { name: 'Send' }).click();
    await expect(modal).toBeHidden();
    await expectToastClear(page, 'Notification sent successfully!', [send]);
  });

  test('Withdraw Funds stays free after a withdrawal', async ({ page, browser }) => {
    const admin = await adminApi(browser);
    const { user, userId, investor } = await activeInvestor(
      admin,
      browser,
      'toastwd',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    await investor.context().close();
    const credit = await admin.request.post('/api/deposits/manual', { data: { userId, amount: 500, currency: 'BTC' } });
    expect(credit.status(), await credit.text()).toBe(201);
    await admin.context().close();
    await signInViaApi(page, { usernameOrEmail: user.userName, password: user.password });
    const onboarded = await page.request.put(`/api/users/profile/${userId}`, {
      data: { hasCompletedOnboarding: true },
    });
    expect(onboarded.status(), await onboarded.text()).toBe(200);
    await page.goto(`/app/${user.userName}/investments`);
    const withdraw = page.getByRole('button', { name: 'Withdraw Funds' });
    await withdraw.click();
    const modal = page.getByRole('dialog', { name: 'Withdraw Funds' });
    await modal.getByLabel('Amount (USD)').fill('60');
    await modal.getByRole('button', { name: 'Review Withdrawal' }).click();
    await modal.getByRole('button', { name: 'Confirm Withdrawal' }).click();
    await expect(modal).toBeHidden();
    await expectToastClear(page, /withdrawal/i, [withdraw]);
  });

  test('Add New Plan stays free after a plan is saved', async ({ page }) => {
    await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
    await page.goto('/app/admin/packages');
    const add = page.getByRole('button', { name: 'Add New Plan' });
    // Saved unchanged: the toast without touching a plan other tests read.
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const modal = page.getByTestId('plan-form');
    await modal.getByRole('button', { name: 'Update' }).click();
    await expect(modal).toBeHidden();
    await expectToastClear(page, /plan/i, [add]);
  });

  test('a toast over an open dialog leaves its buttons free', async ({ page }) => {
    await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
    await page.goto('/app/admin/packages');
    // The server refuses the plan: the dialog stays open with the answer in a toast.
    await page.route('**/api/plans', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'CONFLICT', message: 'The plan could not be saved just now' }),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Add New Plan' }).click();
    const modal = page.getByTestId('plan-form');
    await modal.getByLabel(/name/i).first().fill('Layout probe');
    await modal.getByLabel(/description/i).fill('Never saved: the server refuses it.');
    for (const [label, value] of [
      [/duration/i, '10'],
      [/interest/i, '5'],
      [/minimum/i, '100'],
      [/maximum/i, '1000'],
    ] as const) {
      await modal.getByLabel(label).fill(value);
    }
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToastClear(page, 'The plan could not be saved just now', [
      modal.getByRole('button', { name: 'Add', exact: true }),
      modal.getByRole('button', { name: 'Cancel' }),
    ]);
    await expect(modal).toBeVisible();
  });
});

test.describe('a report download covers no Download button (item 24)', () => {
  test.use({ viewport: LAPTOP });

  test('the outcome is written in its card and every button still takes a click', async ({ page }) => {
    await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
    await page.goto('/app/admin/reports');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download User Reports' }).click(),
    ]);
    await expect(page.getByTestId('report-users').getByRole('status')).toHaveText(
      `User Reports downloaded as ${download.suggestedFilename()}`,
    );
    for (const size of [LAPTOP, PHONE]) {
      await page.setViewportSize(size);
      for (const button of await page.getByRole('button', { name: /^Download / }).all()) {
        await button.scrollIntoViewIfNeeded();
        const name = `${await button.getAttribute('aria-label')} at ${size.width} px`;
        expect(await reachable(button), name).toBe(true);
        const box = (await button.boundingBox())!;
        for (const toast of await page.locator('[data-sonner-toast]').all()) {
          const toastBox = await toast.boundingBox();
          expect(toastBox !== null && overlap(toastBox, box), `a toast covers ${name}`).toBe(false);
        }
      }
    }
  });
});

test.describe('the forced password change banner (item 25)', () => {
  for (const size of [LAPTOP, PHONE]) {
    test(`its warning leaves the banner readable and its link free at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      // The suite's one admin chose its password; the answers say it must change it, as after a first start
      // with a generated password (seed-admin), without changing it for the other specs.
      const mustChange = (body: Record<string, unknown>) => JSON.stringify({ ...body, mustChangePassword: true });
      await page.route('**/api/auth/login', async (route) => {
        const res = await route.fetch();
        await route.fulfill({ response: res, body: mustChange((await res.json()) as Record<string, unknown>) });
      });
      await page.route('**/api/users/profile/*', async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const res = await route.fetch();
        await route.fulfill({ response: res, body: mustChange((await res.json()) as Record<string, unknown>) });
      });
      await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
      await expect(page).toHaveURL(/\/app\/admin\/security-settings$/);
      const banner = page.getByRole('alert').filter({ hasText: 'Please change your password before continuing.' });
      await expect(banner).toBeVisible();
      const warning = page.locator('[data-sonner-toast]').filter({
        hasText: /^Please change your password before continuing$/,
      });
      const link = banner.getByRole('link', { name: 'Change Password' });
      await expectClearOf(page, warning, [link, banner.getByText('Other changes are blocked until then.')]);
      expect(
        overlap((await warning.boundingBox())!, (await banner.boundingBox())!),
        'the warning covers the banner',
      ).toBe(false);
      await expectClearOf(page, page.locator('[data-sonner-toast]').filter({ hasText: 'Login successful' }), [link]);
    });
  }
});

test.describe('the sidebar on a page taller than the window (item 26)', () => {
  test.use({ viewport: LAPTOP });

  for (const theme of ['light', 'dark'] as const) {
    test(`runs the page's full height and stays in view while it scrolls (${theme})`, async ({ page, browser }) => {
      await page.addInitScript((t) => (globalThis as unknown as WithStorage).localStorage.setItem('theme', t), theme);
      const admin = await adminApi(browser);
      const { user } = await activeInvestor(admin, browser, `side${theme}`, '', false);
      await admin.context().close();
      await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
      await expectSidebarFullHeight(page, '/app/admin/site-settings', theme);
      await page.context().clearCookies();
      await signInViaApi(page, { usernameOrEmail: user.userName, password: user.password });
      await expectSidebarFullHeight(page, `/app/${user.userName}/profile`, theme);
    });
  }
});

async function expectSidebarFullHeight(page: Page, path: string, theme: 'light' | 'dark'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  const sidebar = page.getByTestId('app-sidebar');
  const nav = sidebar.getByRole('navigation', { name: 'Sections' });
  const logout = sidebar.getByRole('button', { name: 'Logout' });
  await expect(nav).toBeVisible();
  await expect(page.locator('main h1').first()).toBeVisible();
  // Taller than the window, or the test shows nothing.
  const pageHeight = () =>
    page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.documentElement.scrollHeight);
  await expect.poll(pageHeight).toBeGreaterThan(LAPTOP.height);
  const measure = () =>
    page.evaluate(() => {
      const { document, getComputedStyle, innerHeight, scrollY } = globalThis as unknown as BrowserGlobals;
      const aside = document.documentElement.querySelector('[data-testid="app-sidebar"]')!;
      const box = aside.getBoundingClientRect();
      const style = getComputedStyle(aside);
      // What is drawn at the window's bottom left corner: the sidebar's panel, not the page behind it.
      const corner = document.elementFromPoint(4, innerHeight - 4);
      return {
        top: box.top + scrollY,
        height: box.height,
        pageHeight: document.documentElement.scrollHeight,
        border: style.borderRightWidth,
        cornerInSidebar: corner !== null && aside.contains(corner),
        panel: style.backgroundColor !== getComputedStyle(document.body).backgroundColor,
      };
    });
  const top = await measure();
  expect(top).toEqual({
    top: 0,
    height: top.pageHeight,
    pageHeight: top.pageHeight,
    border: '1px',
    cornerInSidebar: true,
    panel: true,
  });
  await page.evaluate(() => {
    const browser = globalThis as unknown as BrowserGlobals;
    browser.scrollTo(0, browser.document.documentElement.scrollHeight);
  });
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as BrowserGlobals).scrollY)).toBeGreaterThan(0);
  const bottom = await measure();
  expect(bottom.height).toBe(bottom.pageHeight);
  expect(bottom.cornerInSidebar).toBe(true);
  await expect(nav).toBeInViewport();
  await expect(logout).toBeInViewport({ ratio: 1 });
  await expect(sidebar.getByRole('link').first()).toBeInViewport({ ratio: 1 });
}
