import { describe, expect, it } from 'vitest';
import { faqReducer, initialFaqState, type FaqState } from './faqState';

const toggle = (state: FaqState, index: number) => faqReducer(state, { type: 'toggle', index });

describe('faqReducer', () => {
  it('starts on General with every question closed', () => {
    expect(initialFaqState).toEqual({ category: 'General', open: null });
  });

  it('opens the clicked question', () => {
    expect(toggle(initialFaqState, 2).open).toBe(2);
  });

  it('keeps only one question open: opening another closes the first', () => {
    expect(toggle(toggle(initialFaqState, 0), 3).open).toBe(3);
  });

  it('closes the open question when it is clicked again', () => {
    expect(toggle(toggle(initialFaqState, 1), 1).open).toBeNull();
  });

  it('keeps the open index when the category changes', () => {
    const opened = toggle(initialFaqState, 1);
    const moved = faqReducer(opened, { type: 'category', category: 'Deposits' });
    expect(moved).toEqual({ category: 'Deposits', open: 1 });
    expect(faqReducer(moved, { type: 'category', category: 'Account' })).toEqual({ category: 'Account', open: 1 });
  });

  it('keeps "all closed" when the category changes with nothing open', () => {
    expect(faqReducer(initialFaqState, { type: 'category', category: 'Account' })).toEqual({
      category: 'Account',
      open: null,
    });
  });
});
