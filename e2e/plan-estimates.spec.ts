import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { formatUsd, toCents } from '../contract/money';
import type { Investment } from '../contract/investments';
import { withServerClockAdvanced } from './clock';
import { activeInvestor, balances, openApp } from './funds';
import { adminApi } from './staff';

/**
 * Issue 19: what the invest form estimates is what the accrual pays, for a weekly plan, a monthly plan
 * that keeps its capital and a daily plan the investor compounds; the server's clock moves past their ends.
 */

const DAY_MS = 86_400_000;
const AMOUNT = '1234.56';

test('the estimate on the invest form is what the plan pays: weekly, monthly keeping its capital, compounding', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const admin = await adminApi(browser);
  const base = { description: 'Estimate browser test', minimumInvestment: 100, maximumInvestment: 10_000 };
  const made: { id: number; name: string; compound?: number }[] = [];
  for (const p of [
    { name: `E2E Weekly ${tag}`, payoutPeriod: 'weekly', duration: 4, interestRate: 8 },
    { name: `E2E Monthly ${tag}`, payoutPeriod: 'monthly', duration: 3, interestRate: 112, capitalReturned: false },
    {
      name: `E2E Compound ${tag}`,
      payoutPeriod: 'daily',
      duration: 10,
      interestRate: 20,
      compounding: { min: 0, max: 100 },
    },
  ]) {
    const res = await admin.request.post('/api/plans', { data: { ...base, ...p } });
    expect(res.status(), await res.text()).toBe(201);
    made.push({
      id: ((await res.json()) as { data: { id: number } }).data.id,
      name: p.name,
      compound: p.compounding ? 50 : undefined,
    });
  }

  try {
    const { user, userId, investor } = await activeInvestor(admin, browser, 'pest', '', false);
    const credit = await admin.request.post('/api/deposits/manual', {
      data: { userId, amount: 5000, currency: 'BTC', notes: 'Estimate test' },
    });
    expect(credit.status(), await credit.text()).toBe(201);
    await openApp(investor, `/app/${user.userName}/investments`);
    const form = investor.getByTestId('invest-form');
    const estimates = new Map<number, string>();
    for (const plan of made) {
      await form.getByLabel('Investment plan').selectOption(String(plan.id));
      await form.getByLabel('Amount (USD)').fill(AMOUNT);
      if (plan.compound !== undefined) await form.getByLabel('Compounding (%)').fill(String(plan.compound));
      const shown = form.getByTestId('estimated-return');
      await expect(shown).toHaveText(/^\$[\d,]+\.\d\d$/);
      estimates.set(plan.id, (await shown.textContent())!);
      await form.getByRole('button', { name: 'Invest Now' }).click();
      await expect(investor.getByTestId('investment-card').filter({ hasText: plan.name })).toBeVisible();
    }
    const before = await balances(investor.request, userId);

    // Four months and a day on, past every plan's end: a fresh admin session runs the accrual.
    await withServerClockAdvanced(123 * DAY_MS, async () => {
      const later: Page = await adminApi(browser);
      const ran = await later.request.post('/api/admin/jobs/accrual/run');
      expect(ran.status(), await ran.text()).toBe(200);
      expect(((await ran.json()) as { job: { lastError: string | null } }).job.lastError).toBeNull();
      await later.context().close();
    });

    const res = await investor.request.get(`/api/investments/user/plans/${userId}?limit=10`);
    expect(res.status(), await res.text()).toBe(200);
    const investments = ((await res.json()) as { data: Investment[] }).data;
    let received = 0n;
    for (const plan of made) {
      const inv = investments.find((i) => i.planId === plan.id)!;
      expect(inv.status).toBe('ended');
      // Paid out (returns less what compounded) plus the principal when the plan returns it.
      const paid = toCents(String(inv.income)) - toCents(String(inv.compounded));
      const back = inv.capitalReturned ? toCents(String(inv.principal)) + toCents(String(inv.compounded)) : 0n;
      expect(formatUsd(paid + back), plan.name).toBe(estimates.get(plan.id));
      received += paid + back;
    }
    expect(BigInt((await balances(investor.request, userId)).available - before.available)).toBe(received);
    await investor.context().close();
  } finally {
    for (const plan of made) await admin.request.delete(`/api/plans/${plan.id}`);
    await admin.context().close();
  }
});
