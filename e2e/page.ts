import type { Page } from '@playwright/test';

/** The e2e tsconfig has no DOM lib; this is all the browser storage the specs touch. */
export type WithStorage = { localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void } };

/** Collects a page's console errors and uncaught exceptions (a hydration mismatch is reported as one). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
