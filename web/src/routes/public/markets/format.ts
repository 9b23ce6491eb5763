/** Display helpers of the market pages. Prices here are for reading, never for money movement. */

const usd2 = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A coin price in USD: 2 decimals from $1 up, more significant digits below (a $0.0004 coin is not "$0.00"). */
export function formatPrice(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  if (Math.abs(value) >= 1 || value === 0) return usd2.format(value);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumSignificantDigits: 2,
    maximumSignificantDigits: 4,
  }).format(value);
}

/** A 24 h change with its sign, "+2.35%" / "-1.20%"; '—' when the feed has none. */
export function formatChange(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  const sign = value > 0 ? '+' : value < 0 ? '-' : '';
  return `${sign}${Math.abs(value).toFixed(2)}%`;
}

/** Spec §9: market cap in billions with 2 decimals, "$3,245.67B"; null when unknown. */
export function formatBillions(value: number | null | undefined): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return `${usd2.format(value / 1e9)}B`;
}

export type Trend = 'up' | 'down' | 'flat';

export function trendOf(change: number | null | undefined): Trend {
  if (typeof change !== 'number' || !Number.isFinite(change) || change === 0) return 'flat';
  return change > 0 ? 'up' : 'down';
}
