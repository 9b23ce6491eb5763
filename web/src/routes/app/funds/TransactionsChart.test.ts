import { describe, expect, it } from 'vitest';
import { monthLabel } from './TransactionsChart';

describe('monthLabel', () => {
  it('names the month of a YYYY-MM label and keeps anything else', () => {
    expect(monthLabel('2026-06')).toBe('Jun 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
    expect(monthLabel('Week 3')).toBe('Week 3');
  });
});
