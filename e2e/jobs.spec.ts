import { expect, test } from './fixtures';
import { submitLogin } from './accounts';
import { blockingViolations } from './axe';
import { withServerClockAdvanced } from './clock';
import { activeInvestor } from './funds';
import { E2E_ADMIN } from './server';

const DAY_MS = 86_400_000;

test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

test('the job monitor shows the accrual run; Run now twice in a row pays nothing twice', async ({
  page: admin,
  browser,
}) => {
  // An investor with a running investment set up first, then two job runs from the monitor.
  test.setTimeout(90_000);
  // "Remember me": the admin's session must stay live while the server's clock is a day ahead.
  await admin.goto('/login');
  await admin.getByLabel('Remember me for 30 days').check();
  await submitLogin(admin, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/app\/admin\/dashboard$/);

  // An investment whose first day falls due once the clock is a day ahead.
  const { userId, investor } = await activeInvestor(admin, browser, 'job', '', false);
  const credit = await admin.request.post('/api/deposits/manual', {
    data: { userId, amount: 5000, currency: 'BTC', notes: 'Jobs e2e' },
  });
  expect(credit.ok(), await credit.text()).toBe(true);
  const { data: plans } = (await (await investor.request.get('/api/plans')).json()) as {
    data: { id: number; name: string }[];
  };
  const growth = plans.find((p) => p.name === 'Growth')!;
  const invested = await investor.request.post('/api/investments', { data: { planId: growth.id, amount: 5000 } });
  expect(invested.status(), await invested.text()).toBe(201);
  await investor.context().close();

  await admin.goto('/app/admin/jobs');
  await expect(admin.getByRole('heading', { name: 'Background Jobs' })).toBeVisible();
  const row = admin.locator('[data-testid="job-row"][data-job="accrual"]');
  await expect(row).toContainText('every 60 minutes');
  expect(await blockingViolations(admin), 'job monitor').toEqual([]);

  await withServerClockAdvanced(DAY_MS + 10 * 60_000, async () => {
    await row.getByRole('button', { name: 'Run Daily returns (accrual) now' }).click();
    const first = admin.getByText(/^Job accrual finished\. Rows affected: \d+$/);
    await expect(first).toBeVisible();
    const paid = Number(/Rows affected: (\d+)/.exec((await first.textContent()) ?? '')![1]);
    expect(paid).toBeGreaterThanOrEqual(1);
    await expect(row.getByTestId('job-affected')).toHaveText(String(paid));
    await expect(row.getByTestId('job-last-run')).not.toHaveText('Never');
    await expect(row).toContainText('OK');

    // Run again at once: every due day is paid, so nothing is paid twice.
    await row.getByRole('button', { name: 'Run Daily returns (accrual) now' }).click();
    await expect(admin.getByText('Job accrual finished. Rows affected: 0')).toBeVisible();
    await expect(row.getByTestId('job-affected')).toHaveText('0');

    // Both runs head the job's history on the screen, newest first, each saying who pressed Run now
    // (other specs on this server may have run the job before).
    const history = admin.locator('[data-testid="job-history"][data-job="accrual"]');
    await history.locator('summary').click();
    const runs = history.getByTestId('job-run');
    await expect(runs.nth(0).getByTestId('job-run-affected')).toHaveText('0');
    await expect(runs.nth(1).getByTestId('job-run-affected')).toHaveText(String(paid));
    for (const i of [0, 1]) await expect(runs.nth(i).getByTestId('job-run-trigger')).toContainText(E2E_ADMIN.userName);
  });
  const listed = (await (await admin.request.get('/api/admin/jobs')).json()) as {
    jobs: { name: string; lastAffected: number | null }[];
    warnings: string[];
  };
  expect(listed.jobs.find((j) => j.name === 'accrual')?.lastAffected).toBe(0);
  expect(listed.warnings).toEqual([]);
});

test('the job monitor fits at 1280 and 1440 px: State and Run now in view, nothing scrolls sideways', async ({
  page,
}) => {
  await page.goto('/login');
  await submitLogin(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/app/admin/jobs');
    const table = page.getByTestId('jobs-table');
    await expect(table.getByRole('columnheader', { name: 'State' })).toBeInViewport();
    const runNow = table.getByRole('button', { name: 'Run Daily returns (accrual) now' });
    await expect(runNow).toBeInViewport({ ratio: 1 });
    // The table's own scroll box and the page: neither wider than what shows.
    const sideways = (el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth - el.clientWidth;
    const overflow = {
      table: await table.evaluate(sideways),
      page: await page.locator('html').evaluate(sideways),
    };
    expect(overflow, `at ${width} px`).toEqual({ table: 0, page: 0 });
  }
});
