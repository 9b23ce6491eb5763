import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { signInViaApi } from './accounts';
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
 * the browser is signed in through the API first.
 */
export async function prepareScan(
  page: Page,
  theme: Theme,
  login?: { usernameOrEmail: string; password: string },
): Promise<void> {
  await page.addInitScript(
    (value) => (globalThis as unknown as WithStorage).localStorage.setItem('theme', value),
    theme,
  );
  if (login) await signInViaApi(page, login);
}

/** The loaded page is in `theme` and has no serious or critical axe findings. */
export async function expectAccessible(page: Page, theme: Theme): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  expect(await blockingViolations(page)).toEqual([]);
}
