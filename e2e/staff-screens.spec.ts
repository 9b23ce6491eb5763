import { type Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInViaApi } from './accounts';
import { activeInvestor } from './funds';
import { E2E_ADMIN } from './server';

/** Issue 18, "Staff decisions are explained": items 12 to 16, the staff screens that read as words. */

test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

const signInAdmin = (page: Parameters<typeof signInViaApi>[0]) =>
  signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });

interface Drawn {
  series: { label: string; type: string; shown: number }[];
  yTicks: number[];
  narrowestBar: number | null;
}

/** What a chart drew, from its canvas (see web/src/components/chart/register.ts), once it has drawn. */
async function drawn(chart: Locator): Promise<Drawn> {
  const canvas = chart.locator('canvas');
  await expect(canvas).toHaveAttribute('data-drawn', /series/);
  return JSON.parse((await canvas.getAttribute('data-drawn'))!) as Drawn;
}

test('item 12: the audit log names actions in words and finds staff by user name', async ({ page, browser }) => {
  await signInAdmin(page);
  const { userId } = await activeInvestor(page, browser, 'al', '', false);
  const credit = await page.request.post('/api/deposits/manual', {
    data: { userId, amount: 20, currency: 'BTC', notes: 'Audit e2e' },
  });
  expect(credit.status(), await credit.text()).toBe(201);

  await page.goto('/app/admin/audit-log');
  // The actor box takes a user name (any part, any case), no longer a numeric id only.
  await page.getByLabel('Actor (user name)').fill(E2E_ADMIN.userName.slice(0, 3).toUpperCase());
  await page.getByLabel('Target type', { exact: true }).selectOption('user');
  await page.getByLabel('Target ID', { exact: true }).fill(String(userId));
  // activeInvestor's activation is a user.update (the deposit is filed under its deposit, not the user).
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'User profile changed' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`actor=${E2E_ADMIN.userName.slice(0, 3).toUpperCase()}`));
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();
  const row = page.getByTestId('audit-row');
  await expect(row.getByTestId('audit-action')).toHaveText('User profile changed');
  await expect(row).not.toContainText('user.update');
  await expect(row).toContainText(E2E_ADMIN.userName);
  // A user name nobody has finds nothing.
  await page.getByLabel('Actor (user name)').fill('no-such-staff-member');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No audit records match these filters.')).toBeVisible();
});

test('item 13: the Investments table names the user and links to them', async ({ page, browser }) => {
  await signInAdmin(page);
  const { user, userId, investor } = await activeInvestor(page, browser, 'iv', '', false);
  const credit = await page.request.post('/api/deposits/manual', {
    data: { userId, amount: 6000, currency: 'BTC', notes: 'Investments e2e' },
  });
  expect(credit.status(), await credit.text()).toBe(201);
  const { data: plans } = (await (await investor.request.get('/api/plans')).json()) as {
    data: { id: number; name: string }[];
  };
  const invested = await investor.request.post('/api/investments', {
    data: { planId: plans.find((p) => p.name === 'Growth')!.id, amount: 5000 },
  });
  expect(invested.status(), await invested.text()).toBe(201);
  await investor.context().close();

  await page.goto(`/app/admin/manage-investments?userId=${userId}`);
  const link = page.getByTestId('investment-user').filter({ visible: true });
  await expect(link).toHaveText(user.userName);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/app/admin/manage-users\\?search=${user.userName}$`));
  await expect(page.getByRole('button', { name: `Edit ${user.userName}` })).toBeVisible();
});

test('item 14: user growth draws both series on whole-user steps; month volume bars are not hairlines', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  // A user and a completed deposit today, so both charts have something in this month.
  const { userId } = await activeInvestor(page, browser, 'ch', '', false);
  const credit = await page.request.post('/api/deposits/manual', {
    data: { userId, amount: 75, currency: 'BTC', notes: 'Charts e2e' },
  });
  expect(credit.status(), await credit.text()).toBe(201);

  await page.goto('/app/admin/dashboard');
  await expect(page.getByRole('button', { name: 'Month', pressed: true })).toBeVisible();
  const growth = await drawn(page.getByTestId('user-growth-chart'));
  const byLabel = Object.fromEntries(growth.series.map((s) => [s.label, s]));
  expect(byLabel['New users']).toMatchObject({ type: 'bar' });
  // The running total is a line of its own, never hidden under the new users.
  expect(byLabel['Total users']).toMatchObject({ type: 'line' });
  expect(byLabel['Total users']!.shown).toBeGreaterThan(0);
  expect(growth.yTicks.length).toBeGreaterThan(1);
  for (const tick of growth.yTicks) expect(Number.isInteger(tick), `y tick ${tick}`).toBe(true);

  const volume = await drawn(page.getByTestId('transaction-volume-chart'));
  expect(volume.series.map((s) => s.type)).toEqual(['bar', 'bar', 'bar']);
  expect(volume.narrowestBar).toBeGreaterThanOrEqual(6);
});

test('item 15: every job on the Jobs screen has a name and a description of its own', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/app/admin/jobs');
  const rows = page.locator('[data-testid="job-row"]');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(6);
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const id = (await row.getAttribute('data-job'))!;
    const [title, what] = (await row.locator(':is(td, th)').first().locator('span').allTextContents()).map((s) =>
      s.trim(),
    );
    expect(title, id).not.toBe(id);
    expect(what, id).not.toBe(id);
    expect(what!.length, id).toBeGreaterThan(id.length);
  }
});

test('item 16: report files are named by report and period', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/app/admin/reports');
  const day = new Date().toISOString().slice(0, 10);
  const cases = [
    ['last90', 'Download User Reports', `users-report-last-90-days-${day}.csv`],
    ['all', 'Download Investment Reports', `investments-report-all-time-${day}.csv`],
    ['year', 'Download Activity Logs', `activity-report-this-year-${day}.csv`],
  ] as const;
  for (const [period, button, name] of cases) {
    await page.getByLabel('Time period').selectOption(period);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
  }
});
