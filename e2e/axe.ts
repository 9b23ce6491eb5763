import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { WithStorage } from './page';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * Serious and critical axe findings of the page as it is now. Legacy mode runs axe in the page
 * itself instead of merging per-frame results in a second, blank page: our pages have no
 * cross-origin frames (the only frames legacy mode leaves out), and it halves a scan's time.
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Readies `page` for one screen's scan: every page it loads starts in `theme`, and with `login`
 * it is signed in through the API (the login form has its own tests) and carries the hint the
 * form would have left that this browser holds a session.
 */
export async function prepareScan(
  page: Page,
  theme: Theme,
  login?: { usernameOrEmail: string; password: string },
): Promise<void> {
  await page.addInitScript(
    ({ value, signedIn }) => {
      const storage = (globalThis as unknown as WithStorage).localStorage;
      storage.setItem('theme', value);
      if (signedIn) storage.setItem('signed-in', '1');
    },
    { value: theme, signedIn: login !== undefined },
  );
  if (!login) return;
  const res = await page.request.post('/api/auth/login', { data: login });
  expect(res.status(), await res.text()).toBe(200);
}

/** The loaded page is in `theme` and has no serious or critical axe findings. */
export async function expectAccessible(page: Page, theme: Theme): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  expect(await blockingViolations(page)).toEqual([]);
}
