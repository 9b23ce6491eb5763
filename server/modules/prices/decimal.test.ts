import { describe, expect, it } from 'vitest';
import { decimalFromNumber, divideDecimals, fromScaled, sumDecimals, toScaled } from './decimal';
import { backoffMs, dailyCloses } from './refresh';

describe('decimal strings', () => {
  it.each([
    [94123.45, '94123.45'],
    [1e-7, '0.0000001'],
    [1.234e-9, '0.000000001234'],
    [2.5e21, '2500000000000000000000'],
    [-1.25, '-1.25'],
    [-3e-8, '-0.00000003'],
    [0, '0'],
  ])('%s prints as %s', (n, text) => expect(decimalFromNumber(n)).toBe(text));

  it('refuses what is not a finite number', () => {
    for (const v of [NaN, Infinity, -Infinity, '1', null, undefined]) expect(decimalFromNumber(v)).toBeNull();
  });

  it('divides exactly to 30 decimals, rounding half up', () => {
    expect(divideDecimals('1', '3')).toBe('0.333333333333333333333333333333');
    expect(divideDecimals('2', '3')).toBe('0.666666666666666666666666666667');
    expect(divideDecimals('100000.500000000000000000', '1')).toBe('100000.5');
    expect(divideDecimals('1', '100000.5')).toBe('0.00000999995000024999875000625');
  });

  it('scales and sums without floats', () => {
    expect(toScaled('-0.5', 2)).toBe(-50n);
    expect(fromScaled(-50n, 2)).toBe('-0.5');
    expect(sumDecimals(['0.10', '0.20', '1980000000000.25'])).toBe('1980000000000.55');
  });
});

describe('feed schedule', () => {
  it('doubles the wait per failure up to 30 minutes; Retry-After wins when longer, within 6 hours', () => {
    expect([1, 2, 3, 10].map((f) => backoffMs(60_000, f, null))).toEqual([120_000, 240_000, 480_000, 1_800_000]);
    expect(backoffMs(60_000, 1, 600_000)).toBe(600_000);
    expect(backoffMs(60_000, 3, 1_000)).toBe(480_000);
    expect(backoffMs(60_000, 1, 30 * 86_400_000)).toBe(6 * 3_600_000);
  });

  it('turns chart points into one close per UTC day', () => {
    const d = Date.UTC(2025, 0, 10);
    expect(
      dailyCloses([
        [d, 10],
        [d + 3_600_000, 11],
        [d + 86_400_000, 12],
        [d + 90_000_000, 13],
        [d + 95_000_000, 0],
      ]),
    ).toEqual([
      { day: '2025-01-09', close: '10' },
      { day: '2025-01-10', close: '12' },
      { day: '2025-01-11', close: '13' },
    ]);
  });
});
