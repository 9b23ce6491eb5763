import { expect, test } from './fixtures';
import { formatCents, toCents } from '../contract/money';
import { dailyIncrement, totalReturnCents } from '../contract/returns';
import { dashboardUrl, loginViaUi, newDevicePage, newUser, registerViaApi, submitLogin } from './accounts';
import { withServerClockAdvanced } from './clock';
import { waitForLink } from './mail';
import { E2E_ADMIN } from './server';

const DAY_MS = 86_400_000;
/** The plan the admin creates and what the investor puts in it. */
const PLAN = { durationDays: 10, ratePercent: 10 };
const PRINCIPAL = '500';
const usd = (cents: bigint) => `$${formatCents(cents)}`;

test('an admin creates a plan and credits a user, who invests in it from the Investments screen and is paid daily', async ({
  page,
  browser,
}) => {
  // A plan made in the admin UI, a new investor with a mailed link, an investment and a job run.
  test.setTimeout(90_000);
  const planName = `E2E Plan ${Date.now()}${Math.floor(Math.random() * 1e4)}`;

  // The admin adds a plan on Plan Management. "Remember me": the admin's session must still be
  // live when the server's clock is moved days ahead (an ordinary session lasts 24 h).
  await page.goto('/login');
  await page.getByLabel('Remember me for 30 days').check();
  await submitLogin(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  await page.goto('/app/admin/packages');
  await page.getByRole('button', { name: 'Add New Plan' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Plan' });
  await form.getByLabel('Name', { exact: true }).fill(planName);
  await form.getByLabel('Description').fill('A short plan for the browser test.');
  await form.getByLabel('Duration (days)').fill(String(PLAN.durationDays));
  await form.getByLabel('Interest Rate (%)').fill(String(PLAN.ratePercent));
  await form.getByLabel('Minimum Investment').fill('100');
  await form.getByLabel('Maximum Investment').fill('5000');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('New plan created successfully')).toBeVisible();
  await expect(page.getByTestId('plan-card').filter({ hasText: planName })).toContainText('$100.00 – $5,000.00');

  // A new investor with a confirmed email.
  const user = newUser('inv');
  const investor = await newDevicePage(browser);
  await registerViaApi(investor.request, user);
  await investor.goto(await waitForLink(user.email, '/verify/confirm-email/'));
  await expect(investor.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
  await loginViaUi(investor, user.userName, user.password);
  await expect(investor).toHaveURL(dashboardUrl(user.userName));
  const auth = await investor.request.get('/api/verify-auth-token');
  const { user: me } = (await auth.json()) as { user: { id: number } };

  // The admin credits the investor (the admin's browser context carries the admin's cookie).
  const deposit = await page.request.post('/api/deposits/manual', {
    data: { userId: me.id, amount: 1000, currency: 'BTC' },
  });
  expect(deposit.ok(), await deposit.text()).toBe(true);

  // The investor invests through the form and sees the investment and the new figures.
  await investor.goto(`/app/${user.userName}/investments`);
  await expect(investor.getByTestId('total-invested')).toContainText('$0.00');
  await investor.getByLabel('Investment plan').selectOption({ label: `${planName} — 10% / 10 days` });
  await investor.getByLabel('Amount (USD)').fill(PRINCIPAL);
  await expect(investor.getByTestId('estimated-return')).toHaveText('$550.00');
  await investor.getByRole('button', { name: 'Invest Now' }).click();
  await expect(investor.getByText('Investment created successfully')).toBeVisible();
  const card = investor.getByTestId('investment-card').filter({ hasText: planName });
  await expect(card).toContainText('$500.00');
  await expect(card).toContainText('running');
  await expect(investor.getByTestId('total-invested')).toContainText('$500.00');
  await expect(investor.getByTestId('payout-history')).toContainText('No payouts yet');
  const available = async () => {
    const res = await investor.request.get(`/api/metrics/account/${me.id}`);
    expect(res.ok(), await res.text()).toBe(true);
    return toCents(((await res.json()) as { availableBalance: number }).availableBalance);
  };
  const availableBefore = await available();
  expect(availableBefore).toBe(50_000n);

  // Three days (and a bit) later on the server's clock, the admin runs the accrual job now.
  // The clock goes back at once: every spec shares this server and its sessions.
  // floor(round_half_even(principal × rate / 100) / duration): 10% of $500 over 10 days is $5.00 a day.
  const increment = dailyIncrement(totalReturnCents(toCents(PRINCIPAL), PLAN.ratePercent * 100), PLAN.durationDays, 1);
  expect(increment).toBe(500n);
  const ran = await withServerClockAdvanced(3 * DAY_MS + 10 * 60_000, () =>
    page.request.post('/api/admin/jobs/accrual/run'),
  );
  expect(ran.status(), await ran.text()).toBe(200);
  const { job } = (await ran.json()) as { job: { lastError: string | null; lastAffected: number | null } };
  expect(job.lastError).toBeNull();
  expect(job.lastAffected).toBeGreaterThanOrEqual(3);

  // The investor sees exactly three payouts of the daily increment, and the balance grew by three of them.
  await investor.reload();
  const history = investor.getByTestId('payout-history');
  await expect(history.getByText(new RegExp(`^${planName} · day \\d+$`))).toHaveCount(3);
  for (const day of [1, 2, 3])
    await expect(history.getByText(`${planName} · day ${day}`, { exact: true })).toBeVisible();
  await expect(history.getByText(`+${usd(increment)}`, { exact: true })).toHaveCount(3);
  await expect(investor.getByTestId('total-returns')).toContainText(usd(3n * increment));
  await expect(investor.getByTestId('total-balance')).toContainText(usd(toCents(PRINCIPAL) + 3n * increment));
  expect(await available()).toBe(availableBefore + 3n * increment);
  await investor.context().close();
});
