import type { TFunction } from 'i18next';
import { currentLocale } from '../../../i18n/i18n';
import { formatNumber } from '../../../lib/format';

/**
 * Display helpers of the market pages, in the active language (through lib/format.ts). Prices
 * here are for reading, never for money movement.
 */

const usd = { style: 'currency', currency: 'USD' } as const;

/** A coin price in USD: 2 decimals from $1 up, more significant digits below (a $0.0004 coin is not "$0.00"). */
export function formatPrice(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  if (Math.abs(value) >= 1 || value === 0)
    return formatNumber(value, { ...usd, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return formatNumber(value, { ...usd, minimumSignificantDigits: 2, maximumSignificantDigits: 4 });
}

/** A price on a chart's axis, short on a phone: "$95K" from a thousand up. */
export function formatAxisPrice(value: number): string {
  if (Math.abs(value) < 1000) return formatPrice(value);
  return formatNumber(value, { ...usd, notation: 'compact', maximumFractionDigits: 0 });
}

/** A 24 h change with its sign, "+2.35%" / "-1.20%"; '—' when the feed has none. */
export function formatChange(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  // Rounded as written (2.345 → 2.35), then shown as a percentage the language's way.
  const rounded = Number(value.toFixed(2));
  return formatNumber(rounded / 100, {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/**
 * Builds the formats the asset screen writes its figures with, before it renders: the first Intl
 * format a page builds loads the language's number data (~65 ms at 4x CPU), which would otherwise
 * land in the middle of hydrating the screen.
 */
export function prepareAssetFormats(): void {
  formatShare(0);
  formatPrice(1);
  formatPrice(0.5);
}

/** A share of a whole, given in percent with 2 decimals: "95.04%", "95,04 %". */
export function formatShare(percent: number): string {
  return formatNumber(percent / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Spec §9: market cap in billions with 2 decimals, "$3,245.67B"; null when unknown. */
export function formatBillions(value: number | null | undefined, t: TFunction<'public'>): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return t('shared.billions', {
    amount: formatNumber(value / 1e9, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  });
}

/** A day of a chart's axis: "Jan 5", "5 ene". Dates are calendar days (UTC). */
export function formatMonthDay(date: string | undefined): string {
  if (!date) return '';
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return '';
  return new Intl.DateTimeFormat(currentLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(day);
}

export type Trend = 'up' | 'down' | 'flat';

export function trendOf(change: number | null | undefined): Trend {
  if (typeof change !== 'number' || !Number.isFinite(change) || change === 0) return 'flat';
  return change > 0 ? 'up' : 'down';
}
