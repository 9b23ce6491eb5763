import { formatDateTime as formatInstant } from '@contract/dates';
import { formatUsd, wireToCents } from '@contract/money';
import { currentLocale } from '../i18n/i18n';
import { activeT } from './activeT';
import { inSteps } from './tasks';

/**
 * Every money amount, number and date on a screen is written here, in the active language's
 * way (the currency stays USD). A screen re-renders on a language change (App keys its tree
 * by the language), so these read the language when called.
 */

/**
 * The time zone dates are written in: the runtime's (the browser's), except while the server
 * draws a signed-in page, in the visitor's (signed-in.tsx), so the browser hydrates the same text.
 */
let timeZone: string | undefined;
export function writeDatesIn(zone: string | undefined): void {
  timeZone = zone;
}

/** "Mar 12, 2025, 2:05 PM" in the browser's time zone and the active language; '—' when missing. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatInstant(iso, currentLocale(), timeZone);
}

/** Cents as dollars in the active language: "$1,234.50", "1.234,50 US$". */
export function formatCentsUsd(cents: bigint, opts: { sign?: boolean } = {}): string {
  return formatUsd(cents, { ...opts, locale: currentLocale() });
}

// Building an Intl formatter costs far more than using one, and a screen writes many numbers:
// each language and set of options is built once.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, opts)));
  return f;
}

/** A plain number in the active language: "1,234.5", "1 234,5". */
export function formatNumber(value: number, opts: Intl.NumberFormatOptions = {}): string {
  return numberFormat(currentLocale(), opts).format(value);
}

/**
 * Builds the active language's number format ahead of a screen that writes numbers. A page's first
 * Intl number format loads the language's number data (14-25 ms of a desktop's main thread in
 * Chromium, measured; several times that on a phone), which would otherwise land in the task that
 * draws the screen: hydrating it, or drawing prices and plans as they arrive. Later formats of any
 * kind then cost well under a millisecond.
 */
export function prepareNumberFormats(): void {
  formatNumber(1, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A lazy screen or part that writes numbers: their format is built first, in a task of its own. */
export function numbersFirst<T>(load: () => Promise<T>): () => Promise<T> {
  return inSteps([prepareNumberFormats], load);
}

/** A calendar date (YYYY-MM-DD or ISO) without shifting it across time zones. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  const locale = currentLocale();
  // A calendar date is read in the runtime's zone (see above); an instant in the zone dates are written in.
  const zone = m ? undefined : timeZone;
  const key = `${locale}|${zone ?? ''}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: zone })));
  return f.format(d);
}

/** "Chrome on Windows" from the parsed user agent, skipping unknown parts, in the active language. */
export function describeDevice(info: { browser: string; os: string; device?: string }): string {
  const known = (v: string | undefined) => (v && v.toLowerCase() !== 'unknown' ? v : '');
  const browser = known(info.browser);
  const os = known(info.os);
  const t = activeT();
  if (browser && os) return t('device.onSystem', { browser, os });
  return browser || os || deviceClass(known(info.device)) || t('device.unknown');
}

// Keys spelled out whole, one per class the server's parser names.
const DEVICE_CLASS = {
  Desktop: 'device.class.Desktop',
  Mobile: 'device.class.Mobile',
  Tablet: 'device.class.Tablet',
} as const;

/** The class of a device as the server names it ("Mobile"), in the active language; another as it is. */
export function deviceClass(device: string): string {
  return Object.hasOwn(DEVICE_CLASS, device) ? activeT()(DEVICE_CLASS[device as keyof typeof DEVICE_CLASS]) : device;
}

/**
 * A percentage given in percent (12.5 → "12.5%", "12,5 %"), in the active language, as exact as
 * it is stored; never grouped, so "1000%" reads as it always has.
 */
export function formatPercent(percent: number): string {
  return formatNumber(percent / 100, { style: 'percent', maximumFractionDigits: 4, useGrouping: false });
}

/** A dollar amount from the API with 2 decimals: "$1,234.50" (with `sign`, "+$1,234.50"), as the server writes it. */
export function formatMoney(value: number | null | undefined, opts: { sign?: boolean } = {}): string {
  return formatCentsUsd(wireToCents(value), opts);
}
