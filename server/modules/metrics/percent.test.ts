import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOf } from './percent';

describe('percentOf', () => {
  it.each([
    [960n, 160_000n, 0.6],
    [1_050n, 160_000n, 0.66], // 0.65625 rounds half away from zero
    [11_060n, 238_000n, 4.65],
    [-11_060n, 238_000n, -4.65],
    [1n, 3n, 33.33],
    [2n, 3n, 66.67],
    [5n, 5n, 100],
    [0n, 7n, 0],
    [10n, 0n, 0],
    [10n, -5n, 0],
  ])('%s of %s is %s%%', (part, whole, expected) => {
    expect(percentOf(part, whole)).toBe(expected);
  });

  // Parts up to $100M in cents: the result stays well inside a double's exact integers.
  it('is within half a hundredth of a percent of the exact ratio, and odd in its sign', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -10_000_000_000n, max: 10_000_000_000n }),
        fc.bigInt({ min: 1n, max: 1_000_000_000_000n }),
        (part, whole) => {
          const hundredths = BigInt(Math.round(percentOf(part, whole) * 100));
          // |hundredths × whole − part × 10000| ≤ whole / 2
          const err = hundredths * whole - part * 10_000n;
          expect((err < 0n ? -err : err) * 2n <= whole).toBe(true);
          expect(percentOf(-part, whole)).toBe(-percentOf(part, whole) || 0);
        },
      ),
    );
  });
});
