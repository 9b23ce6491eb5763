/**
 * Exact decimal strings for prices. The feed sends JSON numbers; we keep the decimal they
 * print as (the shortest one that reads back as the same number) and never do arithmetic
 * on floats: a rate is a quotient of two such decimals, computed on scaled bigints.
 */

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A finite JSON number as a plain decimal string ("1e-7" -> "0.0000001", "-2.5" stays), or
 * null when it is not a finite number.
 */
export function decimalFromNumber(n: unknown): string | null {
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  const sign = n < 0 ? '-' : '';
  const text = String(Math.abs(n));
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return sign + text;
  const digits = m[1]! + (m[2] ?? '');
  const point = m[1]!.length + Number(m[3]);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A decimal string as an integer scaled by 10^scale (extra digits truncated). */
export function toScaled(decimal: string, scale: number): bigint {
  const m = PLAIN.exec(decimal.trim());
  if (!m) throw new Error(`not a plain decimal: ${decimal}`);
  const frac = (m[3] ?? '').slice(0, scale).padEnd(scale, '0');
  return BigInt(m[1]! + m[2]! + frac);
}

/** A scaled integer back to a decimal string without trailing zeros. */
export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** Stored prices have 18 decimals; a quotient keeps 30, so even 1/price of a $1e6 coin has 24 significant digits. */
const PRICE_SCALE = 18;
const QUOTIENT_SCALE = 30;

/** a / b for two positive decimal strings, rounded half up to 30 decimals. */
export function divideDecimals(a: string, b: string): string {
  const x = toScaled(a, PRICE_SCALE);
  const y = toScaled(b, PRICE_SCALE);
  if (y === 0n) throw new Error('division by zero');
  const q = (x * 10n ** BigInt(QUOTIENT_SCALE) * 2n + y) / (2n * y);
  return fromScaled(q, QUOTIENT_SCALE);
}

/** Sum of decimal strings, exact to the cent (market caps are stored in cents). */
export function sumDecimals(values: string[]): string {
  return fromScaled(
    values.reduce((acc, v) => acc + toScaled(v, 2), 0n),
    2,
  );
}

/** Stored numeric text ("94123.450000000000000000") as the number the API sends. */
export const decimalToNumber = (decimal: string) => Number(decimal);
