import { describe, expect, it } from 'vitest';
import { formatDateTimeUtc } from './dates';

describe('formatDateTimeUtc', () => {
  it('writes an instant as the screens do, in UTC and saying so', () => {
    expect(formatDateTimeUtc('2026-11-24T12:59:30.000Z')).toBe('Nov 24, 2026, 12:59 PM UTC');
    expect(formatDateTimeUtc(new Date('2026-01-02T00:05:00Z'))).toBe('Jan 2, 2026, 12:05 AM UTC');
  });
});
