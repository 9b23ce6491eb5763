const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** "12 Mar 2025, 14:05" in the browser's locale; '—' for a missing or broken value. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTime.format(d);
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

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A dollar amount from the API, always with 2 decimals: "$1,234.50". */
export function formatMoney(value: number | null | undefined): string {
  return usd.format(typeof value === 'number' && Number.isFinite(value) ? value : 0);
}
