import { expect, test } from './fixtures';
import type { Investment } from '../contract/investments';
import { activeInvestor, balances, openApp } from './funds';
import { adminApi } from './staff';

/** Issue 19: on the investment's card, the investor changes its compounding and ends an open-ended plan. */

test('an investor changes the compounding on the card, then ends the open-ended investment, told the fee first', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const name = `E2E Open ${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const admin = await adminApi(browser);
  const created = await admin.request.post('/api/plans', {
    data: {
      name,
      description: 'Investment controls browser test',
      payoutPeriod: 'daily',
      openEnded: true,
      interestRate: 0.5,
      minimumInvestment: 100,
      maximumInvestment: 5000,
      compounding: { min: 0, max: 60 },
      minLockPeriods: 0,
      earlyExitFee: 2.5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const planId = ((await created.json()) as { data: { id: number } }).data.id;
  try {
    const { user, userId, investor } = await activeInvestor(admin, browser, 'ictl', '', false);
    const credit = await admin.request.post('/api/deposits/manual', {
      data: { userId, amount: 2000, currency: 'BTC', notes: 'Controls test' },
    });
    expect(credit.status(), await credit.text()).toBe(201);
    const made = await investor.request.post('/api/investments', {
      data: { planId, amount: 1000, compoundPercent: 20 },
    });
    expect(made.status(), await made.text()).toBe(201);
    const id = ((await made.json()) as { data: { investment: Investment } }).data.investment.id;

    await investor.setViewportSize({ width: 1280, height: 900 });
    await openApp(investor, `/app/${user.userName}/investments`);
    const card = investor.locator(`[data-testid="investment-card"][data-investment="${id}"]`);
    await expect(card.getByTestId('next-payout')).toContainText('$5.00');
    const control = card.getByTestId('compounding-control');
    await expect(control.getByText('Compound 20% of each payout')).toBeVisible();
    // Its label follows the value, so the slider is found by its role.
    const slider = control.getByRole('slider');
    await slider.fill('45');
    await expect(control.getByText('Compound 45% of each payout')).toBeVisible();
    await control.getByRole('button', { name: 'Save' }).click();
    await expect(
      investor.getByText('From the next payout, 45% of each payout is added to your principal'),
    ).toBeVisible();
    await investor.reload();
    await expect(card.getByTestId('compounding-control')).toContainText('Compound 45% of each payout');

    const before = await balances(investor.request, userId);
    await card.getByRole('button', { name: 'End investment' }).click();
    const dialog = investor.getByRole('dialog', { name: `End your ${name} investment?` });
    await expect(dialog).toContainText(
      'You receive $975.00: your $1,000.00 principal less the 2.5% exit fee ($25.00). Payouts stop.',
    );
    await dialog.getByRole('button', { name: 'End investment' }).click();
    await expect(investor.getByText('Investment ended: its principal is back in your balance')).toBeVisible();
    await expect(card.getByText('ended', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'End investment' })).toHaveCount(0);
    expect((await balances(investor.request, userId)).available - before.available).toBe(97_500);
    await investor.context().close();
  } finally {
    await admin.request.delete(`/api/plans/${planId}`);
    await admin.context().close();
  }
});
