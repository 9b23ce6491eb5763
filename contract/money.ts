/**
 * Money crosses the wire as decimal dollars with at most 2 decimals and lives everywhere
 * else as integer cents (bigint). These helpers are the only place the two meet, and they
 * never use floating-point arithmetic on the value.
 */
const DECIMAL = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/;

export class MoneyFormatError extends Error {}

/** Parse `1234.5`, `"1234.56"` or `"-3"` into cents; throws MoneyFormatError otherwise. */
export function toCents(input: number | string): bigint {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new MoneyFormatError('Amount must be a finite number');
    text = String(input);
  } else {
    text = input.trim();
  }
  const m = DECIMAL.exec(text);
  if (!m) throw new MoneyFormatError('Amount must be a decimal number with at most 2 decimals');
  const [, sign, whole, frac = ''] = m;
  const cents = BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** Cents to the wire's number. Exact: integer / 100 is the double nearest the decimal. */
export function fromCents(cents: bigint): number {
  return Number(cents) / 100;
}

/** Cents to a fixed 2-decimal string, e.g. 123456n -> "1234.56". */
export function formatCents(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}

/**
 * The one way money is written for people, on every screen and in every server-written text:
 * "$1,234.50", "-$5,000.00", and with `sign` "+$6,000.00". Exact: the digits come from the
 * integer cents, never from a float.
 */
export function formatUsd(cents: bigint, opts: { sign?: boolean; locale?: string } = {}): string {
  const neg = cents < 0n;
  const digits = formatCents(neg ? -cents : cents);
  const sign = neg ? '-' : opts.sign && cents > 0n ? '+' : '';
  if (opts.locale && opts.locale !== 'en') return `${sign}${usdIn(opts.locale).format(digits as `${number}`)}`;
  const [whole, frac] = digits.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${grouped}.${frac}`;
}

const usdFormats = new Map<string, Intl.NumberFormat>();
/** Dollars as `locale` writes them ("1.234,50 US$", "1 234,50 $"); a decimal string is formatted exactly. */
function usdIn(locale: string): Intl.NumberFormat {
  let f = usdFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    usdFormats.set(locale, f);
  }
  return f;
}

/** A wire amount (dollars, at most 2 decimals) in cents, for `formatUsd`; 0 for a missing or broken value. */
export function wireToCents(value: number | null | undefined): bigint {
  return typeof value === 'number' && Number.isFinite(value) ? BigInt(Math.round(value * 100)) : 0n;
}
