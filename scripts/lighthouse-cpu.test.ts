import { describe, expect, it } from 'vitest';
import { cpuMultiplierFor } from './lighthouse-cpu';

describe('cpuMultiplierFor (the Lighthouse CPU calculator)', () => {
  it("gives the calculator's anchors: 4x for a high-end desktop, less on a slower host, more on a faster one", () => {
    expect(cpuMultiplierFor(1533)).toBeCloseTo(4, 2);
    expect(cpuMultiplierFor(1300)).toBeCloseTo(3, 5);
    expect(cpuMultiplierFor(2000)).toBeCloseTo(6, 2);
    expect(cpuMultiplierFor(800)).toBeCloseTo(2, 5);
    expect(cpuMultiplierFor(150)).toBeCloseTo(1, 5);
  });

  it('is continuous and rising across its brackets', () => {
    let previous = cpuMultiplierFor(100);
    for (let index = 101; index <= 2500; index += 1) {
      const m = cpuMultiplierFor(index);
      expect(m).toBeGreaterThanOrEqual(previous);
      expect(m - previous).toBeLessThan(0.01);
      previous = m;
    }
  });

  it('never speeds a host up, and refuses a missing index', () => {
    expect(cpuMultiplierFor(50)).toBe(1);
    expect(() => cpuMultiplierFor(Number.NaN)).toThrow();
    expect(() => cpuMultiplierFor(0)).toThrow();
  });
});
