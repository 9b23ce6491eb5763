import { expect, test } from './fixtures';
import { E2E_ADMIN } from './server';

/**
 * The live-chat widget loads only when an operator configures one. It changes what every
 * public page loads, so this spec runs on its own after the others (see playwright.config.ts).
 */
test('the live-chat widget script loads on public pages only while a widget id is configured', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/auth/login', {
    data: { usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
  const setWidget = async (liveChatWidgetId: string) => {
    const res = await request.put('/api/utils/site-settings', { data: { liveChatWidgetId } });
    expect(res.status(), await res.text()).toBe(200);
  };
  const widgetRequests: string[] = [];
  // No internet here: answer the widget host with a script that leaves a mark.
  await page.route('https://embed.tawk.to/**', async (route) => {
    widgetRequests.push(route.request().url());
    await route.fulfill({ contentType: 'application/javascript', body: 'window.__liveChatLoaded = true;' });
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(widgetRequests).toEqual([]);
  await expect(page.locator('#live-chat-widget')).toHaveCount(0);

  await setWidget('5f1a2b3c4d5e6f7a8b9c0d1e/1abcd2efg');
  try {
    await page.goto('/about-us');
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { __liveChatLoaded?: boolean }).__liveChatLoaded))
      .toBe(true);
    expect(widgetRequests).toEqual(['https://embed.tawk.to/5f1a2b3c4d5e6f7a8b9c0d1e/1abcd2efg']);
    await expect(page.locator('#live-chat-widget')).toHaveCount(1);
  } finally {
    await setWidget('');
  }
});
