import { describe, expect, it } from 'vitest';
import { isNight, resolveTheme } from './theme';

const NIGHT_HOURS = [18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6];
const DAY_HOURS = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

describe('resolveTheme', () => {
  it.each(NIGHT_HOURS)('is dark at %i:00 without a saved choice or system preference', (hour) => {
    expect(resolveTheme(null, false, hour)).toBe('dark');
  });

  it.each(DAY_HOURS)('is light at %i:00 without a saved choice or system preference', (hour) => {
    expect(resolveTheme(null, false, hour)).toBe('light');
  });

  it.each(DAY_HOURS)('follows a dark system preference in the daytime (%i:00)', (hour) => {
    expect(resolveTheme(null, true, hour)).toBe('dark');
  });

  it('lets a saved choice win over system preference and time of day', () => {
    for (let hour = 0; hour < 24; hour++) {
      expect(resolveTheme('light', true, hour)).toBe('light');
      expect(resolveTheme('dark', false, hour)).toBe('dark');
    }
  });

  it('ignores a saved value that is not a theme', () => {
    expect(resolveTheme('blue', false, 12)).toBe('light');
    expect(resolveTheme('', false, 22)).toBe('dark');
    expect(resolveTheme('DARK', false, 12)).toBe('light');
  });
});

describe('isNight', () => {
  it('switches exactly at 18:00 and 07:00', () => {
    expect(isNight(17)).toBe(false);
    expect(isNight(18)).toBe(true);
    expect(isNight(6)).toBe(true);
    expect(isNight(7)).toBe(false);
  });
});
