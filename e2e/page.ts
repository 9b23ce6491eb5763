import type { Page, Response } from '@playwright/test';

/** The e2e tsconfig has no DOM lib; this is all the browser storage the specs touch. */
export type WithStorage = {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
};

/** Collects a page's console errors and uncaught exceptions (a hydration mismatch is reported as one). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Fires the timers `page` has due within `ms` (a poll, say) and returns the answer to the first
 * GET of `path` asked from now on, so one that sees every write made before this call. The
 * page's clock must have been installed (page.clock.install()) before it loaded.
 */
export async function nextPoll(page: Page, ms: number, path: string): Promise<Response> {
  const asked = page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname === path);
  await page.clock.fastForward(ms);
  const response = await (await asked).response();
  if (!response) throw new Error(`GET ${path} got no answer`);
  return response;
}
