import { describe, expect, it } from 'vitest';
import { testI18n } from '../../../test/i18n';
import { describeDuration, describeInterval } from './jobLabels';

const t = testI18n.getFixedT('en', 'admin');

describe('job monitor wording', () => {
  it('says each schedule in words', () => {
    expect(describeInterval(30_000, t)).toBe('every 30 seconds');
    expect(describeInterval(60_000, t)).toBe('every minute');
    expect(describeInterval(15 * 60_000, t)).toBe('every 15 minutes');
    expect(describeInterval(60 * 60_000, t)).toBe('every 60 minutes');
    expect(describeInterval(90 * 60_000, t)).toBe('every 90 minutes');
    expect(describeInterval(24 * 60 * 60_000, t)).toBe('every 24 hours');
  });

  it('shows durations in ms below a second, else seconds', () => {
    expect(describeDuration(null, t)).toBe('—');
    expect(describeDuration(12, t)).toBe('12 ms');
    expect(describeDuration(1_530, t)).toBe('1.5 s');
  });
});
