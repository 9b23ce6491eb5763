import { describe, expect, it } from 'vitest';
import { pageHolding } from './PortfolioGrid';

describe('the portfolio page across a change of page size', () => {
  it('is the page that holds the first card seen before', () => {
    // Page 2 of 6 starts at the 7th investment: one a page, that is page 7; three a page, page 3.
    expect(pageHolding((2 - 1) * 6, 1)).toBe(7);
    expect(pageHolding((2 - 1) * 6, 3)).toBe(3);
    // Page 7 of 1 (the 7th) back to 6 a page: page 2, which shows it again.
    expect(pageHolding((7 - 1) * 1, 6)).toBe(2);
    // The 5th investment at 6 a page is on page 1.
    expect(pageHolding(4, 6)).toBe(1);
    expect(pageHolding(0, 3)).toBe(1);
  });
});
