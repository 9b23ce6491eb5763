import { expect, test } from './fixtures';
import { dashboardUrl, loginViaUi, newUser, registerViaApi } from './accounts';

test('the referrals page shows the own referral link, and a sign-up through it appears in the list', async ({
  page,
}) => {
  const referrer = newUser('ref');
  await registerViaApi(page.request, referrer);
  await loginViaUi(page, referrer.userName, referrer.password);
  await expect(page).toHaveURL(dashboardUrl(referrer.userName));
  await page.goto(`/app/${referrer.userName}/downlinks`);
  await expect(page.getByTestId('referral-link')).toContainText(`/register/${referrer.userName}`);
  await expect(page.getByText('No referrals yet')).toBeVisible();

  const invitee = newUser('inv');
  await registerViaApi(page.request, invitee, referrer.userName);
  await page.reload();
  await expect(page.getByText(invitee.userName)).toBeVisible();
  await expect(page.getByTestId('referral-income')).toContainText('$0.00');
});
