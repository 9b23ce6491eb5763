import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setI18n } from 'react-i18next';
import { createStaticI18n } from '../../../i18n/static';
import { testI18n } from '../../../test/i18n';
import { formatBillions, formatChange, formatPrice, formatShare, trendOf } from './format';

const t = testI18n.getFixedT('en', 'public');
/** Intl separates with no-break spaces: compared as plain spaces. */
const plain = (s: string | null) => s?.replace(/\s/g, ' ');

// Test files share a worker: read the language from the English instance, whatever ran before.
beforeAll(() => setI18n(testI18n));
afterAll(() => setI18n(testI18n));

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
    expect(formatBillions(3_245_678_900_000, t)).toBe('$3,245.68B');
    expect(formatBillions(999_000_000, t)).toBe('$1.00B');
    expect(formatBillions(null, t)).toBeNull();
  });

  describe('in the active language', () => {
    afterAll(() => setI18n(testI18n));

    it('writes prices, changes, shares and billions the way Spanish and Russian do', () => {
      const es = createStaticI18n('es');
      expect(plain(formatPrice(94000))).toBe('94.000,00 US$');
      expect(plain(formatChange(2.345))).toBe('+2,35 %');
      expect(plain(formatShare(95.04))).toBe('95,04 %');
      expect(plain(formatBillions(3_245_678_900_000, es.getFixedT('es', 'public')))).toBe('3245,68 mil M US$');
      const ru = createStaticI18n('ru');
      expect(plain(formatPrice(0.000123))).toBe('0,000123 $');
      expect(plain(formatChange(-1.2))).toBe('-1,20 %');
      expect(plain(formatBillions(3_245_678_900_000, ru.getFixedT('ru', 'public')))).toBe('3 245,68 млрд $');
    });
  });
});
