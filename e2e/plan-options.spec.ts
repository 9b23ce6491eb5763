import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { formatUsd, toCents } from '../contract/money';
import type { Plan } from '../contract/plans';
import { planTerms } from '../contract/plan-terms';
import { estimate } from '../contract/schedule';
import { activeInvestor, openApp } from './funds';
import { adminApi } from './staff';

/** What the schedule says `dollars` in `plan` brings the investor (amounts do not depend on the start here). */
const receives = (plan: Plan, dollars: string, compoundPercent = 0) =>
  formatUsd(estimate(planTerms(plan), new Date(), toCents(dollars), compoundPercent, new Set(), 12).receives);

/** Fills the Add New Plan form's common fields. */
async function basics(form: ReturnType<Page['getByRole']>, name: string, min: string, max: string) {
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Description').fill('A plan for the plan-options browser test.');
  await form.getByLabel('Minimum Investment').fill(min);
  await form.getByLabel('Maximum Investment').fill(max);
}

test('an admin sells a weekly open-ended compounding plan and one that keeps the principal; the plans page and the invest form say so', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const weeklyName = `E2E Weekly ${tag}`;
  const keeperName = `E2E Keeper ${tag}`;
  const admin = await adminApi(browser);
  await openApp(admin, '/app/admin/packages');

  // A weekly, open-ended plan: 1.5% a payout, compounding from 0 to 50%, a lock of 4 payouts and a 2% exit fee.
  await admin.getByRole('button', { name: 'Add New Plan' }).click();
  let form = admin.getByRole('dialog', { name: 'Add New Plan' });
  await basics(form, weeklyName, '100', '1000');
  await form.getByLabel('Payout period').selectOption('weekly');
  await form.getByRole('radio', { name: /Open-ended/ }).check();
  await expect(form.getByLabel(/^Duration/)).toHaveCount(0);
  await form.getByLabel('Minimum lock (payouts)').fill('4');
  await form.getByLabel('Early exit fee (%)').fill('2');
  await form.getByLabel('Interest Rate per payout (%)').fill('1.5');
  await form.getByRole('switch', { name: 'Investors may compound' }).click();
  await form.getByLabel('From (%)').fill('0');
  await form.getByLabel('To (%)').fill('50');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  const created = admin.locator('[data-sonner-toast]').filter({ hasText: 'New plan created successfully' });
  await expect(created).toBeVisible();
  // Closed, as a person would, so the second plan's toast is the only one that says so.
  await created.getByRole('button', { name: 'Close toast' }).click();
  await expect(created).toHaveCount(0);
  const weeklyCard = admin.getByTestId('plan-card').filter({ hasText: weeklyName });
  await expect(weeklyCard).toContainText('1.5% per payout');
  await expect(weeklyCard).toContainText('Open-ended');
  await expect(weeklyCard).toContainText('0–50%');

  // A daily plan of 10 days at 30% that does not return the principal: the form warns before it is saved.
  await admin.getByRole('button', { name: 'Add New Plan' }).click();
  form = admin.getByRole('dialog', { name: 'Add New Plan' });
  await basics(form, keeperName, '100', '5000');
  await form.getByLabel('Duration (days)').fill('10');
  await form.getByLabel('Interest Rate (%)').fill('30');
  await form.getByRole('switch', { name: 'Principal returned to the investor' }).click();
  await expect(form.getByTestId('capital-warning')).toHaveText(
    'The principal is not returned to the investor: they receive only the payouts.',
  );
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(created).toBeVisible();
  await expect(admin.getByTestId('plan-card').filter({ hasText: keeperName })).toContainText('Not returned');

  const { data: plans } = (await (await admin.request.get('/api/plans')).json()) as { data: Plan[] };
  const weekly = plans.find((p) => p.name === weeklyName)!;
  const keeper = plans.find((p) => p.name === keeperName)!;
  expect(weekly).toMatchObject({ payoutPeriod: 'weekly', openEnded: true, compounding: { min: 0, max: 50 } });
  expect(keeper).toMatchObject({ payoutPeriod: 'daily', duration: 10, capitalReturned: false });

  try {
    // The public plans page: each plan's terms, the example on the minimum, and the risk notice.
    const visitor = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
    await visitor.goto('/plans#plans');
    const weeklyPublic = visitor.getByTestId('public-plan-card').filter({ hasText: weeklyName });
    await expect(weeklyPublic).toContainText('Every week');
    await expect(weeklyPublic).toContainText('No end date: runs until you end it');
    await expect(weeklyPublic).toContainText('You can end it after 4 payouts; a fee of 2% of the principal');
    await expect(weeklyPublic).toContainText('+$18.00 over the first 12 payouts');
    await expect(weeklyPublic).toContainText('78% a year');
    await expect(weeklyPublic).toContainText('You may reinvest 0–50% of each payout');
    await expect(weeklyPublic.getByTestId('capital-not-returned')).toHaveCount(0);
    const keeperPublic = visitor.getByTestId('public-plan-card').filter({ hasText: keeperName });
    await expect(keeperPublic.getByTestId('capital-not-returned')).toHaveText(
      'Your principal is not returned. For $100.00 you receive $30.00 in all.',
    );
    await expect(visitor.getByTestId('risk-notice').first()).toContainText('returns are not guaranteed');
    await visitor.close();

    // The invest form: the live estimate for the typed amount, with the compounding the investor picks.
    const { user, investor } = await activeInvestor(admin, browser, 'popt', '', false);
    await openApp(investor, `/app/${user.userName}/investments`);
    const invest = investor.getByTestId('invest-form');
    await invest
      .getByLabel('Investment plan')
      .selectOption({ label: `${weeklyName} — 1.5% per payout, every week, no end date` });
    await expect(invest.getByTestId('plan-terms').first()).toContainText('No end date: runs until you end it');
    await invest.getByLabel('Amount (USD)').fill('200');
    await expect(invest.getByTestId('estimated-return')).toHaveText(receives(weekly, '200'));
    await invest.getByLabel('Compounding (%)').fill('50');
    await expect(invest.getByTestId('estimated-return')).toHaveText(receives(weekly, '200', 50));
    await invest.getByLabel('Compounding (%)').fill('60');
    await invest.getByRole('button', { name: 'Invest Now' }).click();
    await expect(invest.getByText('Choose a whole percentage from 0 to 50')).toBeVisible();

    await invest.getByLabel('Investment plan').selectOption({ label: `${keeperName} — 30% / 10 days` });
    await invest.getByLabel('Amount (USD)').fill('500');
    await expect(invest.getByTestId('estimated-return')).toHaveText('$150.00');
    await expect(invest.getByTestId('capital-not-returned').last()).toHaveText(
      'Your principal is not returned. For $500.00 you receive $150.00 in all.',
    );
    await expect(invest).toContainText('returns are not guaranteed');
    await investor.context().close();
  } finally {
    // Other specs count the public plans: leave none behind.
    for (const id of [weekly.id, keeper.id]) await admin.request.delete(`/api/plans/${id}`);
    await admin.context().close();
  }
});
