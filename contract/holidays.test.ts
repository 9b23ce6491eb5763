import { describe, expect, it } from 'vitest';
import { longestClosedRun, upcomingHolidays, zHolidays, HolidayMsg } from './holidays';

describe('holiday calendar', () => {
  it('measures the longest closure, weekends included', () => {
    expect(longestClosedRun([])).toBe(0);
    // A Wednesday alone; a Friday joins the weekend; a Monday joins the weekend before it.
    expect(longestClosedRun(['2031-01-08'])).toBe(1);
    expect(longestClosedRun(['2031-01-10'])).toBe(3);
    expect(longestClosedRun(['2031-01-10', '2031-01-13'])).toBe(4);
    // A Saturday holiday is a weekend day already.
    expect(longestClosedRun(['2031-01-11'])).toBe(2);
  });

  it('refuses dates that are not YYYY-MM-DD, twice listed, or a closure over 300 days', () => {
    expect(zHolidays.safeParse(['2031-12-25', '2032-01-01']).success).toBe(true);
    const messages = (v: unknown) => zHolidays.safeParse(v).error?.issues.map((i) => i.message);
    expect(messages(['2031-13-01'])).toEqual([HolidayMsg.format]);
    expect(messages(['2031-12-25', '2031-12-25'])).toEqual([HolidayMsg.duplicate]);
    const days = (n: number) =>
      Array.from({ length: n }, (_, i) => new Date(Date.UTC(2031, 0, 6) + i * 86_400_000).toISOString().slice(0, 10));
    expect(messages(days(298))).toBeUndefined();
    expect(messages(days(299))).toEqual([HolidayMsg.longRun]);
  });

  it('keeps the holidays from today to a year ahead, sorted and once each', () => {
    const now = new Date('2031-06-15T18:00:00Z');
    expect(upcomingHolidays(['2032-06-17', '2031-12-25', '2031-06-14', '2031-06-15', '2031-12-25'], now)).toEqual([
      '2031-06-15',
      '2031-12-25',
    ]);
  });
});
