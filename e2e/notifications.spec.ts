import { type Page, type Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginViaUi } from './accounts';
import { blockingViolations } from './axe';
import { activeInvestor, openApp } from './funds';
import { nextPoll } from './page';
import { E2E_ADMIN } from './server';

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

const badge = (page: Page) => page.getByTestId('notification-badge');
/** How often the bell asks the server (web/src/api/notifications.ts). */
const BELL_POLL_MS = 30_000;
const unreadIn = async (answer: Response) => ((await answer.json()) as { unreadCount: number }).unreadCount;

test('an admin broadcasts; two users each see the badge rise without reloading and clear it independently', async ({
  page,
  browser,
}) => {
  // An admin and two users, each in their own browser, through a dozen screens.
  test.setTimeout(120_000);
  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  const a = await activeInvestor(page, browser, 'na', '', false); // no KYC notice: the badge starts at 0
  const b = await activeInvestor(page, browser, 'nb', '', false);
  for (const u of [a, b]) {
    // Past the first-visit onboarding dialog (it has its own test), which would cover the bell.
    expect(
      (
        await u.investor.request.put(`/api/users/profile/${u.userId}`, { data: { hasCompletedOnboarding: true } })
      ).status(),
    ).toBe(200);
    // The bell polls on a timer: on a clock the test moves, its next poll comes when the test says.
    await u.investor.clock.install();
    await openApp(u.investor, `/app/${u.user.userName}/dashboard`);
    await expect(u.investor.getByTestId('notification-bell')).toBeVisible();
    await expect(badge(u.investor)).toBeHidden();
  }

  // The admin sends to All Users from System Notifications; other specs' notices to single
  // users come and go meanwhile, so the table shows the broadcasts only.
  await page.goto('/app/admin/send-notification');
  await expect(page.getByRole('heading', { name: 'System Notifications' })).toBeVisible();
  await page.getByLabel('Recipient').selectOption('all');
  await page.getByTestId('send-new-notification').click();
  const modal = page.getByTestId('send-notification-modal');
  await modal.getByRole('button', { name: 'Send' }).click();
  await expect(modal.getByText('Message is required')).toBeVisible();
  const message = `Scheduled maintenance ${Date.now()}`;
  await modal.getByLabel('Message').fill(message);
  await modal.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Notification sent successfully!')).toBeVisible();
  const row = page.getByTestId('notification-row').filter({ hasText: message });
  await expect(row).toContainText('All Users');
  await expect(row.getByTestId('broadcast-read-count')).toContainText('Read by 0 of');

  // Both users' bells rise on their own at their next poll, no reload.
  for (const u of [a, b]) {
    expect(await unreadIn(await nextPoll(u.investor, BELL_POLL_MS, `/api/notifications/user/${u.userId}`))).toBe(1);
    await expect(badge(u.investor)).toHaveText('1');
  }

  // A reads it from the bell: A's badge clears, B's stays.
  await a.investor.getByTestId('notification-bell').click();
  const item = a.investor.getByTestId('bell-item').filter({ hasText: message });
  await expect(item).toBeVisible();
  await item.click();
  await expect(badge(a.investor)).toBeHidden();
  await a.investor.keyboard.press('Escape');
  // B's bell polls again after A read it, and it is still unread for B.
  expect(await unreadIn(await nextPoll(b.investor, BELL_POLL_MS, `/api/notifications/user/${b.userId}`))).toBe(1);
  await expect(badge(b.investor)).toHaveText('1');

  // B opens it on the Notifications page (open marks read), then marks it unread again and read.
  await b.investor.getByTestId('notification-bell').click();
  await b.investor.getByTestId('view-all-notifications').click();
  await expect(b.investor).toHaveURL(new RegExp(`/app/${b.user.userName}/notifications$`));
  await b.investor.getByRole('button', { name: 'Unread', exact: true }).click();
  const entry = b.investor.getByTestId('notification-item').filter({ hasText: message });
  await entry.getByText(message).click();
  await expect(b.investor.getByTestId('notification-detail')).toHaveText(message);
  await b.investor.getByRole('button', { name: 'Close' }).first().click();
  await expect(badge(b.investor)).toBeHidden();
  await b.investor.getByRole('button', { name: 'All', exact: true }).click();
  await b.investor
    .getByTestId('notification-item')
    .filter({ hasText: message })
    .getByRole('button', { name: 'Mark as unread' })
    .click();
  await expect(b.investor.getByText('Notification marked as unread')).toBeVisible();
  await expect(badge(b.investor)).toHaveText('1');
  // Pager only above 10 items.
  await expect(b.investor.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  expect(await blockingViolations(b.investor)).toEqual([]);

  // The admin's table counts readers; the admin's own read state is separate.
  await page.reload();
  await page.getByLabel('Recipient').selectOption('all');
  await expect(
    page.getByTestId('notification-row').filter({ hasText: message }).getByTestId('broadcast-read-count'),
  ).toContainText('Read by 1 of');
  await page
    .getByTestId('notification-row')
    .filter({ hasText: message })
    .getByRole('button', { name: 'Mark as Read' })
    .click();
  await expect(page.getByText('Notification marked as read')).toBeVisible();
  await expect(
    page.getByTestId('notification-row').filter({ hasText: message }).getByTestId('broadcast-read-count'),
  ).toContainText('Read by 2 of');
  await expect(badge(a.investor)).toBeHidden();
  expect(await blockingViolations(page)).toEqual([]);
});
