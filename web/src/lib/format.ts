import { formatDateTime as formatInstant } from '@contract/dates';
import { formatUsd, wireToCents } from '@contract/money';

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** "Mar 12, 2025, 2:05 PM" in the browser's time zone (the server's texts use the same formatter); '—' when missing. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatInstant(iso);
}

/** A calendar date (YYYY-MM-DD or ISO) without shifting it across time zones. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value);
  return Number.isNaN(d.getTime()) ? '—' : dateOnly.format(d);
}

/** "Chrome on Windows" from the parsed user agent, skipping unknown parts. */
export function describeDevice(info: { browser: string; os: string; device?: string }): string {
  const known = (v: string | undefined) => (v && v.toLowerCase() !== 'unknown' ? v : '');
  const browser = known(info.browser);
  const os = known(info.os);
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || known(info.device) || 'Unknown device';
}

/** A dollar amount from the API with 2 decimals: "$1,234.50" (with `sign`, "+$1,234.50"), as the server writes it. */
export function formatMoney(value: number | null | undefined, opts: { sign?: boolean } = {}): string {
  return formatUsd(wireToCents(value), opts);
}
