import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInViaApi } from './accounts';
import { blockingViolations } from './axe';
import { activeInvestor, openApp } from './funds';
import { mailFiles } from './mail';
import { E2E_ADMIN } from './server';

/** Issue 18, "Staff decisions are explained": items 9 (reasons), 10 (payout reference) and 11 (security hold). */

const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';

test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

/** Whether a mail to `to` holds `text` (quoted-printable soft breaks undone). */
function mailHolds(to: string, text: string): boolean {
  const dir = process.env.E2E_MAIL_DIR!;
  return mailFiles(dir).some((f) => {
    const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string[]; raw: string };
    return mail.to.includes(to.toLowerCase()) && mail.raw.replace(/=\r?\n/g, '').includes(text);
  });
}

/** An investor with $500 available (credited by hand) and a pending $100 BTC withdrawal. */
async function investorWithWithdrawal(admin: Page, browser: Parameters<typeof activeInvestor>[1], prefix: string) {
  const { user, userId, investor } = await activeInvestor(admin, browser, prefix, WALLET);
  const credit = await admin.request.post('/api/deposits/manual', {
    data: { userId, amount: 500, currency: 'BTC', notes: 'Decisions e2e' },
  });
  expect(credit.status(), await credit.text()).toBe(201);
  const res = await investor.request.post('/api/investments/withdraw', {
    data: { userId, amount: 100, currency: 'BTC' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { withdrawal } = (await res.json()) as { withdrawal: { id: number; referenceNumber: string } };
  return { user, investor, withdrawal };
}

const withdrawalRow = (page: Page, ref: string) =>
  page.locator(`[data-testid="withdrawal-row"][data-reference="${ref}"]`);

test('item 9: rejecting a withdrawal asks for a reason; the investor reads it on the receipt, notice and email', async ({
  page,
  browser,
}) => {
  test.setTimeout(45_000);
  await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
  const { user, investor, withdrawal } = await investorWithWithdrawal(page, browser, 'dr');
  const reason = 'The destination wallet failed our screening';

  await page.goto('/app/admin/user-withdrawal');
  await withdrawalRow(page, withdrawal.referenceNumber)
    .getByRole('button', { name: `Reject withdrawal #${withdrawal.id}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Reject withdrawal' });
  await expect(dialog).toContainText('Are you sure you want to reject this withdrawal?');
  // No reason, no rejection: the dialog says why and stays open.
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Say why: the user is told this reason')).toBeVisible();
  await expect(dialog.getByLabel('Payout reference')).toHaveCount(0);
  expect(await blockingViolations(page), 'reject dialog').toEqual([]);
  await dialog.getByLabel('Reason for rejecting').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Withdrawal rejected: the amount is back in the available balance')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The investor: the receipt says why, and so do the notice and its email copy.
  await openApp(investor, `/app/${user.userName}/order/${withdrawal.referenceNumber}`);
  await expect(investor.getByTestId('order-receipt')).toContainText('Reason for rejection');
  await expect(investor.getByTestId('order-reason')).toHaveText(reason);
  await investor.goto(`/app/${user.userName}/notifications`);
  await expect(investor.getByText(`Reason: ${reason}.`, { exact: false }).first()).toBeVisible();
  await expect.poll(() => mailHolds(user.email, `Reason: ${reason}.`), { timeout: 15_000 }).toBe(true);
  await investor.context().close();
});

test('item 10: approving a withdrawal records its payout hash; the receipt links it to the block explorer', async ({
  page,
  browser,
}) => {
  await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
  const { user, investor, withdrawal } = await investorWithWithdrawal(page, browser, 'dp');

  await page.goto('/app/admin/user-withdrawal');
  await withdrawalRow(page, withdrawal.referenceNumber)
    .getByRole('button', { name: `Approve withdrawal #${withdrawal.id}` })
    .click();
  const approve = page.getByRole('dialog', { name: 'Approve withdrawal' });
  await approve.getByLabel('Payout reference').fill(HASH);
  expect(await blockingViolations(page), 'approve dialog').toEqual([]);
  await approve.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Withdrawal approved and marked as paid')).toBeVisible();
  await expect(approve).toBeHidden();

  await openApp(investor, `/app/${user.userName}/order/${withdrawal.referenceNumber}`);
  const link = investor.getByTestId('order-payout-reference').getByRole('link');
  await expect(link).toHaveAttribute('href', `https://mempool.space/tx/${HASH}`);
  await expect(link).toContainText(HASH);
  expect(await blockingViolations(investor), 'receipt with payout reference').toEqual([]);
  await investor.goto(`/app/${user.userName}/notifications`);
  await expect(investor.getByText(`Payout reference: ${HASH}.`, { exact: false }).first()).toBeVisible();
  await investor.context().close();
});

test('item 9: a deposit rejected with a reason shows it on the investor’s receipt', async ({ page, browser }) => {
  await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
  const { user, investor } = await activeInvestor(page, browser, 'dd');
  const made = await investor.request.post('/api/deposits/new', { data: { amount: 61, currency: 'USDT' } });
  expect(made.status(), await made.text()).toBe(201);
  const { deposit } = (await made.json()) as { deposit: { id: number; referenceNumber: string } };

  await page.goto('/app/admin/users-deposits');
  const row = page.locator(`[data-testid="deposit-row"][data-reference="${deposit.referenceNumber}"]`);
  await row.getByRole('button', { name: `Reject deposit #${deposit.id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject transaction' });
  await dialog.getByLabel('Reason for rejecting').fill('No USDT arrived with this reference');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Deposit rejected', { exact: true })).toBeVisible();

  await openApp(investor, `/app/${user.userName}/order/${deposit.referenceNumber}`);
  await expect(investor.getByTestId('order-reason')).toHaveText('No USDT arrived with this reference');
  await investor.context().close();
});

test('item 11: an admin ends a user’s security hold with a reason; audited, and the user notified', async ({
  page,
  browser,
}) => {
  test.setTimeout(45_000);
  await signInViaApi(page, { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password });
  const { user, userId, investor } = await activeInvestor(page, browser, 'sh', WALLET);
  // A new wallet starts the security hold (24 hours by default).
  const changed = await investor.request.put(`/api/users/${userId}/payout-details`, {
    data: { btcWallet: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', currentPassword: user.password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const quote = async () =>
    (
      (await (await investor.request.get('/api/investments/withdraw/quote?amount=10&currency=BTC')).json()) as {
        securityHoldUntil: string | null;
      }
    ).securityHoldUntil;
  expect(await quote()).not.toBeNull();

  await page.goto(`/app/admin/manage-users?search=${user.userName}`);
  await page.getByRole('button', { name: `Edit ${user.userName}` }).click();
  const hold = page.getByRole('dialog', { name: 'Edit User' }).getByTestId('security-hold');
  await expect(hold).toContainText('Withdrawals paused by a security hold');
  await hold.getByRole('button', { name: 'End or shorten' }).click();
  await hold.getByRole('button', { name: 'Apply to the hold' }).click();
  await expect(hold.getByText('Give the reason (at least 5 characters): the user is told it')).toBeVisible();
  await hold.getByLabel('Reason').fill('Wallet change confirmed by phone');
  await hold.getByRole('button', { name: 'Apply to the hold' }).click();
  await expect(page.getByText('Security hold ended: the user can withdraw again')).toBeVisible();
  await expect(hold).toBeHidden();
  expect(await quote()).toBeNull();

  // The user is told, with the reason.
  await openApp(investor, `/app/${user.userName}/notifications`);
  await expect(
    investor.getByText('An administrator ended the security hold on your withdrawals', { exact: false }).first(),
  ).toContainText('Reason: Wallet change confirmed by phone.');
  await investor.context().close();

  // The audit log names it in words and finds it by the admin's user name.
  await page.keyboard.press('Escape');
  await page.goto('/app/admin/audit-log');
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Security hold ended' });
  await page.getByLabel('Actor (user name)').fill(E2E_ADMIN.userName.toUpperCase());
  await page.getByLabel('Target ID', { exact: true }).fill(String(userId));
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();
  await expect(page.getByTestId('audit-row').getByTestId('audit-action')).toHaveText('Security hold ended');
});
