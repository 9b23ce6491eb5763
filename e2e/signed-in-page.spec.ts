import type { Browser, Page } from '@playwright/test';
import { expect, test, waitForApp } from './fixtures';
import { signInViaApi } from './accounts';
import { activeInvestor } from './funds';
import { watchErrors } from './page';
import { E2E_ADMIN } from './server';

// The investor dashboard is drawn on the server for its signed-in owner (server/plugins/signed-in-pages.ts,
// web/src/signed-in.tsx): it paints from the HTML, then the app hydrates it from the reads it came with.

/** An active investor past onboarding, credited `dollars` by the admin signed in on `admin`. */
async function onboardedInvestor(admin: Page, browser: Browser, prefix: string, dollars = 0) {
  const made = await activeInvestor(admin, browser, prefix, '', false);
  if (dollars > 0) {
    const credited = await admin.request.post('/api/deposits/manual', {
      data: { userId: made.userId, amount: dollars, currency: 'BTC', notes: '' },
    });
    expect(credited.status(), await credited.text()).toBe(201);
  }
  const onboarded = await made.investor.request.put(`/api/users/profile/${made.userId}`, {
    data: { hasCompletedOnboarding: true },
  });
  expect(onboarded.status(), await onboarded.text()).toBe(200);
  return made;
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
});

test('the dashboard arrives drawn by the server and hydrates in place, without asking again for what it came with', async ({
  page,
  browser,
}) => {
  const { user, userId, investor } = await onboardedInvestor(page, browser, 'ssr', 1500);
  const dashboard = `/app/${user.userName}/dashboard`;

  // Without its scripts, the page already shows the investor's own figures.
  const bare = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled: false });
  await bare.addCookies(await investor.context().cookies());
  const drawn = await bare.newPage();
  await drawn.goto(dashboard);
  await expect(drawn.getByTestId('welcome-banner')).toContainText(`Welcome back, ${user.firstName}!`);
  await expect(drawn.getByTestId('total-balance-value')).toHaveText('$1,500.00');
  await expect(drawn.getByTestId('total-deposit-value')).toHaveText('$1,500.00');
  await bare.close();

  // With them: hydrated without a mismatch, and the reads it arrived with are not asked again.
  const errors = watchErrors(investor);
  const asked: string[] = [];
  investor.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await investor.goto(dashboard);
  await expect(investor.getByTestId('total-balance-value')).toHaveText('$1,500.00');
  // Its other parts load as before (the packages, from a read of their own).
  await expect(investor.getByTestId('investment-packages')).toBeVisible();
  for (const read of [
    '/api/verify-auth-token',
    '/api/utils/public-settings',
    `/api/users/profile/${userId}`,
    `/api/kyc/user/${userId}`,
    `/api/metrics/user-dashboard/${userId}`,
    `/api/metrics/account/${userId}`,
    `/api/notifications/user/${userId}`,
    '/api/plans',
    '/api/metrics/investment-chart/month',
  ])
    expect(asked, read).not.toContain(read);
  // It works: a tab switches, a link navigates in the app.
  await investor.getByRole('tab', { name: 'Deposit' }).click();
  await expect(investor.getByTestId('dashboard-deposit')).toBeVisible();
  await investor.getByTestId('welcome-banner').getByRole('link', { name: 'Investments' }).click();
  await expect(investor).toHaveURL(new RegExp(`/app/${user.userName}/investments$`));
  expect(errors).toEqual([]);
});

test("a collapsed sidebar stays collapsed on a server-drawn page, and someone else's dashboard is not drawn", async ({
  page,
  browser,
}) => {
  const { user, investor } = await onboardedInvestor(page, browser, 'ssrside');
  const other = await activeInvestor(page, browser, 'ssrother', '', false);
  await investor.setViewportSize({ width: 1280, height: 800 });
  const errors = watchErrors(investor);
  await investor.goto(`/app/${user.userName}/dashboard`);
  const sidebar = investor.getByTestId('app-sidebar');
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  await investor.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  // The server draws it open (it cannot see the browser's storage); the saved choice follows.
  const html = await (await investor.request.get(`/app/${user.userName}/dashboard`)).text();
  expect(html).toContain('data-collapsed="false"');
  await investor.reload();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await expect(investor.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();

  // Another investor's dashboard path: the plain shell, and the app sends the visitor to their own.
  const theirs = await investor.request.get(`/app/${other.user.userName}/dashboard`);
  expect(await theirs.text()).not.toContain('id="server-reads"');
  await investor.goto(`/app/${other.user.userName}/dashboard`);
  await expect(investor).toHaveURL(new RegExp(`/app/${user.userName}/dashboard$`));
  expect(errors).toEqual([]);
});

test("dates on a server-drawn page are written in the browser's time zone, so hydration matches", async ({
  page,
  browser,
}) => {
  const { user, userId, investor } = await onboardedInvestor(page, browser, 'ssrzone', 1500);
  const { data: plans } = (await (await investor.request.get('/api/plans')).json()) as {
    data: { id: number; minimumInvestment: number }[];
  };
  const invested = await investor.request.post('/api/investments', {
    data: { planId: plans[0]!.id, amount: plans[0]!.minimumInvestment },
  });
  expect(invested.status(), await invested.text()).toBe(201);

  // A phone on the other side of the world from the server (which runs in UTC, or in this machine's zone).
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    timezoneId: 'Pacific/Kiritimati',
    viewport: { width: 390, height: 844 },
  });
  await context.addCookies(await investor.context().cookies());
  // Counts the page's own reads of its zone: a worker reads it, off the page's thread.
  await context.addInitScript({
    content: `{
      const read = Intl.DateTimeFormat.prototype.resolvedOptions;
      window.zoneReads = 0;
      Intl.DateTimeFormat.prototype.resolvedOptions = function () {
        window.zoneReads += 1;
        return read.call(this);
      };
    }`,
  });
  const phone = waitForApp(await context.newPage());
  // The investor area keeps the browser's zone in a cookie for the server. This first visit is
  // drawn in the server's zone (no cookie yet), so React redraws the packages' times itself.
  await phone.goto(`/app/${user.userName}/dashboard`);
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'tz')?.value)
    .toBe('Pacific%2FKiritimati');
  expect(await phone.evaluate(() => (globalThis as unknown as { zoneReads: number }).zoneReads)).toBe(0);
  // The first visit's own redraw may still report its mismatch: leave that page before watching.
  await phone.goto('about:blank');
  const errors = watchErrors(phone);
  const drawn = await phone.goto(`/app/${user.userName}/dashboard`);
  const card = phone.getByTestId('investment-card');
  await expect(card).toBeVisible();
  const { data } = (await (await phone.request.get(`/api/investments/user/plans/${userId}?page=1&limit=1`)).json()) as {
    data: { nextPayout: { at: string } }[];
  };
  const when = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Pacific/Kiritimati',
  })
    .format(new Date(data[0]!.nextPayout.at))
    .replace(/[\u202f\u00a0]/g, ' ');
  // Written so by the server (a hydration would otherwise find another text there), and on screen.
  const body = await drawn!.text();
  expect(body).toContain(when);
  await expect(card).toContainText(when);
  expect(errors).toEqual([]);
  await context.close();
});

test('the time zone cookie is written from the page itself when its worker cannot load', async ({ page, browser }) => {
  const { user, investor } = await onboardedInvestor(page, browser, 'tzfallback');
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });
  await context.addCookies(await investor.context().cookies());
  await context.route('**/time-zone.js', (route) => route.abort());
  const phone = waitForApp(await context.newPage());
  await phone.goto(`/app/${user.userName}/dashboard`);
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'tz')?.value)
    .toBe('Pacific%2FAuckland');
  await context.close();
});
