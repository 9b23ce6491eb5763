import { expect, test } from './fixtures';
import { dashboardUrl, loginViaUi } from './accounts';
import { blockingViolations } from './axe';
import { activeInvestor, balances } from './funds';
import { PNG_1X1, TINY_PDF } from './kyc';
import { E2E_ADMIN } from './server';

const WALLET = 'bc1qkyc0e2e0wallet0000000000000000000000xy';

test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

test('a user submits KYC, is refused a withdrawal with a link to verification, an admin approves, and the withdrawal goes through', async ({
  page: admin,
  browser,
}) => {
  // A user's verification end to end: refusal, upload, admin review, notice and withdrawal.
  test.setTimeout(120_000);
  await loginViaUi(admin, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/app\/admin\/dashboard$/);
  const { user, userId, investor: page } = await activeInvestor(admin, browser, 'kyc', WALLET, false);
  const credit = await admin.request.post('/api/deposits/manual', {
    data: { userId, amount: 400, currency: 'BTC', notes: 'KYC e2e' },
  });
  expect(credit.ok(), await credit.text()).toBe(true);

  // The Account page says up front what is needed; the quote refuses and links to Verification.
  await loginViaUi(page, user.userName, user.password);
  await expect(page).toHaveURL(dashboardUrl(user.userName));
  await page.goto(`/app/${user.userName}/account`);
  await expect(page.getByTestId('kyc-banner')).toContainText('Verify your identity');
  const card = page.getByTestId('funds-card');
  await card.getByRole('tab', { name: 'Withdrawal', exact: true }).click();
  await expect(card.getByTestId('withdraw-kyc')).toContainText('Withdrawals need a verified identity.');
  await card.getByLabel('Amount (USD)').fill('100');
  const problem = card.getByTestId('withdraw-problem');
  await expect(problem).toContainText('Please verify your identity before withdrawing');
  await expect(card.getByRole('button', { name: 'Review Withdrawal' })).toBeDisabled();
  // The API refuses it too, with the code the screens link on.
  const refused = await page.request.post('/api/investments/withdraw', {
    data: { userId, amount: 100, currency: 'BTC' },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { code: string }).code).toBe('KYC_REQUIRED');
  await problem.getByRole('link', { name: 'Go to Verification' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/${user.userName}/verification$`));

  // The Verification page: name, birth date and country come from the profile.
  await expect(page.getByRole('heading', { name: 'Identity Verification' })).toBeVisible();
  const form = page.getByTestId('kyc-form');
  await expect(form.getByLabel('Full legal name')).toHaveValue('Ada Lovelace');
  await expect(form.getByLabel('Date of birth')).toHaveValue('1990-05-17');
  await form.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(form.getByText('Please enter your residential address')).toBeVisible();
  await expect(form.getByText('Please upload an image or PDF of your identity document')).toBeVisible();
  await form.getByLabel('Residential address').fill('Keizersgracht 1, 1015 Amsterdam');
  await form.getByLabel('Document type').selectOption('national_id');
  await form.getByLabel('Document number').fill(`ID${Date.now()}`);
  await form
    .getByLabel('Photo or scan of the document')
    .setInputFiles({ name: 'id-card.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
  await form
    .getByLabel('Selfie holding the document')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG_1X1 });
  expect(await blockingViolations(page), 'verification form').toEqual([]);
  await form.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(page.getByText('Verification submitted: we will review it shortly')).toBeVisible();
  await expect(page.getByTestId('kyc-status')).toContainText('In review');
  await expect(form).toBeHidden();
  await expect(page.getByTestId('kyc-documents')).toContainText('National ID card');

  // The admin reviews it in the queue: documents through the authorised route, then Approve.
  await admin.goto('/app/admin/kyc');
  await expect(admin.getByRole('heading', { name: 'Identity Verification' })).toBeVisible();
  const row = admin.locator(`[data-testid="kyc-row"][data-user="${user.userName}"]`);
  await expect(row).toContainText('In review');
  await row.getByRole('button', { name: /^Review verification/ }).click();
  const review = admin.getByTestId('kyc-review');
  await expect(review).toContainText('Keizersgracht 1, 1015 Amsterdam');
  await expect(review.getByTestId('kyc-file-image')).toBeVisible();
  await expect(review.getByText('Duplicate-account signals')).toBeVisible();
  expect(await blockingViolations(admin), 'review modal').toEqual([]);
  await review.getByRole('button', { name: 'Approve' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Approve this verification?' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Verification approved')).toBeVisible();
  await admin.getByLabel('Status', { exact: true }).selectOption('approved');
  await expect(row).toContainText('Verified');

  // The user is told: the notice is on their Notifications page.
  await page.goto(`/app/${user.userName}/notifications`);
  await expect(page.getByTestId('notification-list')).toContainText('Your identity has been verified.');

  // The user is verified, the banner is gone and the withdrawal goes through.
  await page.goto(`/app/${user.userName}/verification`);
  await expect(page.getByTestId('kyc-status')).toContainText('Your identity is verified');
  await page.goto(`/app/${user.userName}/account`);
  await expect(page.getByTestId('account-page')).toBeVisible();
  await expect(page.getByTestId('kyc-banner')).toHaveCount(0);
  await card.getByRole('tab', { name: 'Withdrawal', exact: true }).click();
  await card.getByLabel('Amount (USD)').fill('100');
  await card.getByRole('button', { name: 'Review Withdrawal' }).click();
  await card.getByRole('button', { name: 'Confirm Withdrawal' }).click();
  await expect(
    page.getByText('Withdrawal of $100.00 requested: it is held from your available balance and awaits approval'),
  ).toBeVisible();
  expect(await balances(page.request, userId)).toEqual({ available: 30_000, hold: 10_000 });
});

test('a moderator reads the verification queue and the job monitor but decides and runs nothing', async ({
  page: admin,
  browser,
}) => {
  // An applicant and a moderator set up through the API, then two screens.
  test.setTimeout(90_000);
  await loginViaUi(admin, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/app\/admin\/dashboard$/);
  // A user to review, and a moderator made by the admin.
  const { user: applicant, investor } = await activeInvestor(admin, browser, 'kycm', '', false);
  const me = (await (await investor.request.get('/api/verify-auth-token')).json()) as { user: { id: number } };
  await investor.request.post(`/api/kyc/user/${me.user.id}`, {
    multipart: {
      legalName: 'Grace Hopper',
      dateOfBirth: '1990-05-17',
      country: 'US',
      address: '1 Navy Yard, Arlington',
      documentType: 'passport',
      documentNumber: `M${Date.now()}`,
      document: { name: 'p.png', mimeType: 'image/png', buffer: PNG_1X1 },
      selfie: { name: 's.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  const { user: mod, userId: modId, investor: moderator } = await activeInvestor(admin, browser, 'mod', '', false);
  const promoted = await admin.request.put(`/api/users/profile/${modId}`, { data: { role: 'moderator' } });
  expect(promoted.status(), await promoted.text()).toBe(200);
  await loginViaUi(moderator, mod.userName, mod.password);
  await expect(moderator).toHaveURL(/\/app\/admin\/dashboard$/);

  await moderator.goto('/app/admin/kyc');
  const row = moderator.locator(`[data-testid="kyc-row"][data-user="${applicant.userName}"]`);
  await row.getByRole('button', { name: /^Review verification/ }).click();
  const review = moderator.getByTestId('kyc-review');
  await expect(review).toContainText('Grace Hopper');
  await expect(review).toContainText('Only administrators approve or reject verifications.');
  await expect(review.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(review.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await moderator.keyboard.press('Escape');
  expect(await blockingViolations(moderator), 'kyc queue').toEqual([]);

  await moderator.goto('/app/admin/jobs');
  await expect(moderator.locator('[data-testid="job-row"][data-job="accrual"]')).toBeVisible();
  await expect(moderator.getByRole('button', { name: /Run .* now/ })).toHaveCount(0);
  await moderator.request.post('/api/auth/logout');
});
