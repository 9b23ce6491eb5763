import { test as base, type Page } from '@playwright/test';

/**
 * Makes `page.goto` and `page.reload` return once the app has started on the page (App marks
 * `<html data-hydrated>`), not at the load event: a pre-rendered page paints from its HTML and
 * requests its scripts after that paint, and a control clicked before hydration does nothing.
 * A navigation that waits only for `commit`, or to a document that is not the app, is left alone.
 */
export function waitForApp(page: Page): Page {
  const settle = async (response: Awaited<ReturnType<Page['goto']>>, waitUntil?: string) => {
    if (!response || waitUntil === 'commit') return response;
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return response;
    if (!(await response.text()).includes('<div id="root"')) return response;
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => settle(await goto(url, options), options?.waitUntil);
  page.reload = async (options) => settle(await reload(options), options?.waitUntil);
  return page;
}

/** Playwright's test, whose `page` waits for the app on each navigation (waitForApp). */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitForApp(page));
  },
});

export { expect } from '@playwright/test';
