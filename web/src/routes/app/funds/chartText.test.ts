import { describe, expect, it } from 'vitest';
import { bucketLabel } from './chartText';

describe('bucketLabel', () => {
  it('names the month of a YYYY-MM label and keeps anything else', () => {
    expect(bucketLabel('2026-06')).toBe('Jun 2026');
    expect(bucketLabel('2025-12')).toBe('Dec 2025');
    expect(bucketLabel('Week 3')).toBe('Week 3');
  });

  it("keeps the server's English day labels in English", () => {
    expect(bucketLabel('Mar 05')).toBe('Mar 05');
    expect(bucketLabel('Mon 05')).toBe('Mon 05');
    expect(bucketLabel('Mar 2025')).toBe('Mar 2025');
  });
});
