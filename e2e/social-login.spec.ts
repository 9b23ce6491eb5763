import { expect, test } from './fixtures';
import { newUser, registerViaApi } from './accounts';
import { E2E_ADMIN, E2E_OAUTH_CLIENT } from './server';

/**
 * Signing in with Google against a loopback stand-in for Google. Enabling a provider changes
 * the login page for everyone, so this spec runs on its own after the others.
 */
test('a user signs in with Google from the login page and lands on their dashboard; an unknown email is told why', async ({
  page,
  request,
  context,
}) => {
  const login = await request.post('/api/auth/login', {
    data: { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
  const settings = async (data: object) => {
    const res = await request.put('/api/utils/site-settings', { data });
    expect(res.status(), await res.text()).toBe(200);
  };
  const approveAs = async (email: string) => {
    const res = await fetch(`${process.env.E2E_OAUTH_GOOGLE}/control/approve-as`, {
      method: 'POST',
      body: JSON.stringify({ email, verified: true }),
    });
    expect(res.status).toBe(200);
  };

  const user = newUser('g');
  await registerViaApi(request, user);
  const found = await request.get(`/api/users?page=1&limit=100&search=${user.userName}`);
  const userId = ((await found.json()) as { data: { id: number; userName: string }[] }).data.find(
    (u) => u.userName === user.userName,
  )!.id;
  expect(
    (await request.put(`/api/users/profile/${userId}`, { data: { status: 'active', isEmailVerified: true } })).status(),
  ).toBe(200);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Google/ })).toHaveCount(0);

  await settings({
    socialProviders: ['google'],
    googleClientId: E2E_OAUTH_CLIENT.id,
    googleClientSecret: E2E_OAUTH_CLIENT.secret,
  });
  try {
    await page.reload();
    await approveAs(user.email);
    // The provider opens in a new tab (spec §2 Login), and the sign-in finishes there.
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /Google/ }).click()]);
    await tab.waitForURL(new RegExp(`/app/${user.userName}/dashboard$`));
    const me = await tab.request.get('/api/verify-auth-token');
    expect(me.status()).toBe(200);
    await tab.close();
    await context.clearCookies(); // signed out again (the admin's API context is separate)
    await page.reload();

    await approveAs('nobody-here@example.test');
    const [second] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /Google/ }).click(),
    ]);
    await second.waitForURL(/\/login\?social=no_account$/);
    await expect(second.getByTestId('social-error')).toContainText('No account uses that email address');
  } finally {
    await settings({ socialProviders: [] });
  }
});
