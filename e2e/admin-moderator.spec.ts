import { expect, test } from './fixtures';
import { loginViaUi } from './accounts';
import { adminApi, staffAccount } from './staff';
import { activeInvestor } from './funds';

test('a moderator sees the admin lists read-only: no approve, reject, manual deposit, plan or cancel controls', async ({
  page,
  browser,
}) => {
  // A deposit, a withdrawal and an investment set up first, then six admin screens.
  test.setTimeout(90_000);
  const admin = await adminApi(browser);
  const mod = await staffAccount(admin, 'moderator', 'mod');
  // Something that would carry write buttons for an admin: a pending deposit and withdrawal, a running investment.
  const { userId, investor } = await activeInvestor(
    admin,
    browser,
    'modinv',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  );
  expect(
    (
      await admin.request.post('/api/deposits/manual', { data: { userId, amount: 300, currency: 'BTC', notes: '' } })
    ).status(),
  ).toBe(201);
  const dep = await investor.request.post('/api/deposits/new', { data: { amount: 50, currency: 'BTC' } });
  expect(dep.status(), await dep.text()).toBe(201);
  const { deposit } = (await dep.json()) as { deposit: { referenceNumber: string } };
  const wd = await investor.request.post('/api/investments/withdraw', {
    data: { userId, amount: 20, currency: 'BTC' },
  });
  expect(wd.status(), await wd.text()).toBe(201);
  const plans = (await (await admin.request.get('/api/plans')).json()) as {
    data: { id: number; minimumInvestment: number }[];
  };
  const inv = await investor.request.post('/api/investments', {
    data: { planId: plans.data[0]!.id, amount: plans.data[0]!.minimumInvestment },
  });
  expect(inv.status(), await inv.text()).toBe(201);
  await admin.context().close();
  await investor.context().close();

  await loginViaUi(page, mod.userName, mod.password);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/app/admin/users-deposits');
  await expect(page.getByRole('heading', { name: 'User Deposits' })).toBeVisible();
  await expect(page.locator(`[data-reference="${deposit.referenceNumber}"]`).first()).toBeAttached();
  await expect(page.getByRole('button', { name: 'Add Manual Deposit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Approve|Reject) deposit/ })).toHaveCount(0);

  await page.goto('/app/admin/user-withdrawal');
  await expect(page.getByRole('heading', { name: 'User Withdrawals' })).toBeVisible();
  await expect(page.getByTestId('withdrawal-row').or(page.getByTestId('withdrawal-item')).first()).toBeAttached();
  await expect(page.getByRole('button', { name: /^(Approve|Reject) withdrawal/ })).toHaveCount(0);

  await page.goto('/app/admin/manage-investments');
  await expect(page.getByRole('heading', { name: 'Manage Investments' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Investments' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cancel investment/ })).toHaveCount(0);

  await page.goto('/app/admin/packages');
  await expect(page.getByRole('heading', { name: 'Plan Management' })).toBeVisible();
  await expect(page.getByTestId('plan-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Plan' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  // Admin-only screens say so; the audit log is readable.
  await page.goto('/app/admin/manage-transactions');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.goto('/app/admin/reports');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.goto('/app/admin/audit-log');
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await expect(page.getByTestId('audit-row').or(page.getByTestId('audit-item')).first()).toBeAttached();
  await page.request.post('/api/auth/logout');
});
