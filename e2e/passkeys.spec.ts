import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dashboardUrl, newUser, registerViaApi, signInViaApi } from './accounts';
import { blockingViolations } from './axe';
import { subjectsTo } from './mail';

/**
 * Passkeys in Chromium with its virtual authenticator (the CDP WebAuthn domain): a platform
 * authenticator that keeps discoverable credentials and verifies its user. WebAuthn refuses an IP
 * address, so this spec browses the server by its PUBLIC_URL, `localhost`.
 */
test.use({ baseURL: process.env.E2E_PUBLIC_URL });

async function addAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('an investor adds a passkey, signs in with it without a user name, and removes it: the hold starts and the owner is emailed', async ({
  page,
  context,
}) => {
  const authenticator = await addAuthenticator(context, page);
  const user = newUser('pk');
  await registerViaApi(page.request, user);
  await signInViaApi(page, { usernameOrEmail: user.userName, password: user.password });
  const securityPage = `/app/${user.userName}/security-settings`;
  await page.goto(securityPage);

  const card = page.getByTestId('passkeys-card');
  await expect(card).toContainText('No passkeys yet.');
  await card.getByLabel('Name of the new passkey').fill('Test laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const row = card.getByTestId('passkey-row');
  await expect(row).toContainText('Test laptop');
  await expect(row).toContainText('Not used yet');
  const [credential, ...others] = await authenticator.credentials();
  expect(others).toEqual([]);
  expect(credential!.isResidentCredential).toBe(true);
  // The change started the security hold.
  await expect(page.getByTestId('security-alerts')).toContainText('Security hold: withdrawals are paused');
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Username or email')).toHaveValue('');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(dashboardUrl(user.userName));
  expect((await authenticator.credentials())[0]!.signCount).toBe(credential!.signCount + 1);

  await page.goto(securityPage);
  await expect(row).toContainText('Last used');
  await row.getByRole('button', { name: 'Remove the passkey Test laptop' }).click();
  const dialog = page.getByTestId('remove-passkey-dialog');
  await dialog.getByLabel('Account password').fill('not the password');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Current password is incorrect' })).toBeVisible();
  await dialog.getByLabel('Account password').fill(user.password);
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(card).toContainText('No passkeys yet.');
  await expect(page.getByTestId('security-alerts')).toContainText('Security hold: withdrawals are paused');

  // Security notices are always emailed, right after the change commits.
  await expect
    .poll(() => subjectsTo(user.email), { message: `the passkey mails to ${user.email}` })
    .toEqual(
      expect.arrayContaining([
        'MineVest security alert: A passkey was added to your account',
        'MineVest security alert: A passkey was removed from your account',
      ]),
    );
});
