import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { zMoneyIn, zPositiveMoneyIn } from './amounts';
import { formatCents, formatUsd, fromCents, toCents, wireToCents } from './money';

describe('money helpers', () => {
  it.each([
    ['0', 0n],
    ['1', 100n],
    ['1.5', 150n],
    ['1234.56', 123456n],
    ['-3.07', -307n],
    [' 42.10 ', 4210n],
    [0.1, 10n],
    [19.99, 1999n],
    [1234.56, 123456n],
  ])('parses %j to %s cents', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it.each(['1.005', '1e3', 'abc', '', '.5', '1.', '--1', 'NaN', 'Infinity', '0x10'])('refuses %j', (input) => {
    expect(() => toCents(input)).toThrow();
  });

  it.each([NaN, Infinity, -Infinity, 1e21, 1.005, 0.30000000000000004])('refuses the number %s', (input) => {
    expect(() => toCents(input)).toThrow();
  });

  it('round-trips every 2-decimal amount exactly through the wire number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
        expect(toCents(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it('formats with exactly two decimals', () => {
    expect(formatCents(5n)).toBe('0.05');
    expect(formatCents(-123456n)).toBe('-1234.56');
    expect(JSON.stringify({ a: fromCents(123450n) })).toBe('{"a":1234.5}');
  });

  it('zod schemas report a message instead of throwing', () => {
    expect(zMoneyIn.safeParse('12.345').success).toBe(false);
    expect(zPositiveMoneyIn.safeParse('0').success).toBe(false);
    expect(zPositiveMoneyIn.parse('0.01')).toBe(1n);
  });
});

describe('formatUsd', () => {
  it.each([
    [0n, '$0.00'],
    [5n, '$0.05'],
    [500000n, '$5,000.00'],
    [123456789n, '$1,234,567.89'],
    [-500000n, '-$5,000.00'],
    [10_000_000_000_00n, '$10,000,000,000.00'],
  ])('writes %s cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('signs an amount in and out when asked', () => {
    expect(formatUsd(600000n, { sign: true })).toBe('+$6,000.00');
    expect(formatUsd(-500000n, { sign: true })).toBe('-$5,000.00');
    expect(formatUsd(0n, { sign: true })).toBe('$0.00');
  });

  it('agrees with the browser formatter for any amount', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(formatUsd(BigInt(n))).toBe(intl.format(n / 100));
      }),
    );
  });

  it('reads wire amounts exactly', () => {
    expect(wireToCents(19.99)).toBe(1999n);
    expect(wireToCents(0.1 + 0.2)).toBe(30n);
    expect(wireToCents(undefined)).toBe(0n);
    expect(wireToCents(Number.NaN)).toBe(0n);
  });
});
