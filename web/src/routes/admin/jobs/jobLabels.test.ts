import { describe, expect, it } from 'vitest';
import { describeDuration, describeInterval } from './jobLabels';

describe('job monitor wording', () => {
  it('says each schedule in words', () => {
    expect(describeInterval(30_000)).toBe('every 30 seconds');
    expect(describeInterval(60_000)).toBe('every minute');
    expect(describeInterval(15 * 60_000)).toBe('every 15 minutes');
    expect(describeInterval(60 * 60_000)).toBe('every 60 minutes');
    expect(describeInterval(90 * 60_000)).toBe('every 90 minutes');
    expect(describeInterval(24 * 60 * 60_000)).toBe('every 24 hours');
  });

  it('shows durations in ms below a second, else seconds', () => {
    expect(describeDuration(null)).toBe('—');
    expect(describeDuration(12)).toBe('12 ms');
    expect(describeDuration(1_530)).toBe('1.5 s');
  });
});
