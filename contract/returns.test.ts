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
          let sum = 0n;
          for (let d = 1; d <= days; d++) {
            const inc = dailyIncrement(total, days, d);
            expect(inc).toBeGreaterThanOrEqual(0n);
            sum += inc;
          }
          expect(sum).toBe(total);
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
