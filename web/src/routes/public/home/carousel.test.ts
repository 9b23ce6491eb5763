import { describe, expect, it } from 'vitest';
import { clampIndex, nextIndex, positions, previousIndex, slidesPerView } from './carousel';

describe('testimonial carousel', () => {
  it.each([
    [360, 1],
    [767, 1],
    [768, 2],
    [1023, 2],
    [1024, 3],
    [1920, 3],
  ])('shows %i px wide as %i slide(s)', (width, expected) => {
    expect(slidesPerView(width)).toBe(expected);
  });

  it('has one position per full view', () => {
    expect(positions(6, 1)).toBe(6);
    expect(positions(6, 3)).toBe(4);
    expect(positions(2, 3)).toBe(1);
    expect(positions(0, 1)).toBe(1);
  });

  it('advances and wraps to the first after the last full view', () => {
    expect(nextIndex(0, 6, 3)).toBe(1);
    expect(nextIndex(3, 6, 3)).toBe(0);
    expect(nextIndex(5, 6, 1)).toBe(0);
    expect(nextIndex(0, 2, 3)).toBe(0);
  });

  it('goes back and wraps to the last full view', () => {
    expect(previousIndex(0, 6, 3)).toBe(3);
    expect(previousIndex(2, 6, 1)).toBe(1);
  });

  it('clamps a position when the view widens', () => {
    expect(clampIndex(5, 6, 3)).toBe(3);
    expect(clampIndex(-1, 6, 1)).toBe(0);
    expect(clampIndex(2, 6, 2)).toBe(2);
  });
});
