import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Helpers of the language browser tests: what the catalogues say, and what a page shows. */
const LOCALES_DIR = path.resolve(import.meta.dirname, '..', 'locales');

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

function catalogue(lng: string, ns: string): string[] {
  return texts(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lng, `${ns}.json`), 'utf8')));
}

/**
 * The English of `namespaces` no other language shares: each text cut at its placeholders and
 * markup into the fragments a screen shows whole, less those the other language also writes
 * (a brand, "BTC").
 */
function englishOnly(lng: string, namespaces: string[]): string[] {
  const theirs = namespaces.flatMap((ns) => catalogue(lng, ns)).join('\n');
  const fragments = namespaces
    .flatMap((ns) => catalogue('en', ns))
    .flatMap((text) => text.split(/\{\{[^}]*\}\}|<\/?\w+\s*\/?>|\{%[^%]*%\}|\n/))
    .map((f) => f.trim().replace(/[.:,;!?…]+$/, ''))
    .filter((f) => /[A-Za-z]{3}/.test(f) && !theirs.includes(f));
  return [...new Set(fragments)];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Fails when the page's visible text still holds English from `namespaces` while it is in `lng`.
 * `data`: words the page shows as data that a catalogue also writes (a user named "admin").
 */
export async function expectNoEnglish(
  page: Page,
  lng: string,
  namespaces: string[],
  data: string[] = [],
): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  const visible = await page.locator('body').innerText();
  const left = englishOnly(lng, namespaces).filter(
    (f) => !data.includes(f) && new RegExp(`(^|[^\\p{L}])${escape(f)}($|[^\\p{L}])`, 'u').test(visible),
  );
  expect(left, `English left on ${page.url()} in ${lng}`).toEqual([]);
}
