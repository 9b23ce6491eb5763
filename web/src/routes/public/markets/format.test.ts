import { describe, expect, it } from 'vitest';
import { formatBillions, formatChange, formatPrice, trendOf } from './format';

describe('market formatting', () => {
  it('shows prices from $1 with 2 decimals and small prices with significant digits', () => {
    expect(formatPrice(94000)).toBe('$94,000.00');
    expect(formatPrice(1)).toBe('$1.00');
    expect(formatPrice(0.3456)).toBe('$0.3456');
    expect(formatPrice(0.000123)).toBe('$0.000123');
    expect(formatPrice(null)).toBe('—');
  });

  it('signs the 24 h change and shows a dash when unknown', () => {
    expect(formatChange(2.345)).toBe('+2.35%');
    expect(formatChange(-1.2)).toBe('-1.20%');
    expect(formatChange(0)).toBe('0.00%');
    expect(formatChange(null)).toBe('—');
    expect(trendOf(-0.1)).toBe('down');
    expect(trendOf(null)).toBe('flat');
  });

  it('shows market cap in billions with 2 decimals, null when unknown', () => {
    expect(formatBillions(3_245_678_900_000)).toBe('$3,245.68B');
    expect(formatBillions(999_000_000)).toBe('$1.00B');
    expect(formatBillions(null)).toBeNull();
  });
});
