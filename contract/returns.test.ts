import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dailyIncrement, estimatedReturnCents, totalReturnCents } from './returns';

describe('return arithmetic', () => {
  it('rounds half to even', () => {
    expect(totalReturnCents(50n, 100)).toBe(0n); // 0.5 -> 0
    expect(totalReturnCents(150n, 100)).toBe(2n); // 1.5 -> 2
    expect(totalReturnCents(250n, 100)).toBe(2n); // 2.5 -> 2
    expect(totalReturnCents(251n, 100)).toBe(3n);
    expect(totalReturnCents(100_000n, 1250)).toBe(12_500n);
  });

  it('daily increments sum exactly to the total return for any principal, rate and duration', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 3650 }),
        (principal, bp, days) => {
          const total = totalReturnCents(principal, bp);
          // Plain comparisons in the loop, one assertion per case: up to a million expect() calls
          // took over 30 s on a busy 2-core machine.
          let sum = 0n;
          let negative = 0;
          for (let d = 1; d <= days; d++) {
            const inc = dailyIncrement(total, days, d);
            if (inc < 0n) negative += 1;
            sum += inc;
          }
          expect({ sum, negative }).toEqual({ sum: total, negative: 0 });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('estimates amount + amount × rate / 100', () => {
    expect(estimatedReturnCents(100_000n, 1500, 30)).toBe(115_000n);
    expect(() => estimatedReturnCents(100n, 0, 30)).toThrow('Invalid duration or interest rate');
  });
});
