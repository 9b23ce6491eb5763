import { z } from 'zod';
import { fill } from './fill';
import { clean } from './text';
import { utcDate } from './schedule';

/**
 * The holiday calendar of working-days plans (site settings): UTC dates on which no payout falls.
 * The schedule searches at most 400 days for a working day, so a calendar may not close the platform
 * for anything near that: a run of holidays and weekends is capped well below it.
 */
export const MAX_HOLIDAYS = 366;
export const MAX_CLOSED_RUN = 300;

export const HolidayMsg = {
  format: 'Holidays must be dates written YYYY-MM-DD',
  tooMany: fill('At most {{max}} holidays', { max: MAX_HOLIDAYS }),
  duplicate: 'Each holiday may be listed once',
  longRun: fill('Holidays and weekends must not close more than {{days}} days in a row', { days: MAX_CLOSED_RUN }),
} as const;

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The longest run of consecutive days that are holidays or weekends and hold at least one holiday. */
export function longestClosedRun(holidays: readonly string[]): number {
  const closed = new Set(holidays);
  const isClosed = (t: number) => {
    const d = new Date(t);
    return d.getUTCDay() === 0 || d.getUTCDay() === 6 || closed.has(utcDate(d));
  };
  // Bounded walks: beyond the holidays themselves only weekends (two days at a time) can join a run.
  const limit = closed.size * 3 + 4;
  const starts = new Set<number>();
  let longest = 0;
  for (const h of closed) {
    let t = dayOf(h);
    if (Number.isNaN(t)) continue;
    for (let back = 0; back < limit && isClosed(t - DAY_MS); back++) t -= DAY_MS;
    if (starts.has(t)) continue;
    starts.add(t);
    let run = 0;
    for (; run < limit && isClosed(t); t += DAY_MS) run++;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** The settings field: a list of distinct dates, no more than a year of them, no long closure. */
export const zHolidays = z
  .array(clean(z.iso.date({ message: HolidayMsg.format })))
  .max(MAX_HOLIDAYS, HolidayMsg.tooMany)
  .superRefine((dates, ctx) => {
    if (new Set(dates).size !== dates.length) ctx.addIssue({ code: 'custom', message: HolidayMsg.duplicate });
    else if (longestClosedRun(dates) > MAX_CLOSED_RUN) ctx.addIssue({ code: 'custom', message: HolidayMsg.longRun });
  });

/** The holidays from `now`'s UTC date to a year ahead, sorted: what estimates need. */
export function upcomingHolidays(holidays: readonly string[], now: Date): string[] {
  const from = utcDate(now);
  const to = utcDate(new Date(now.getTime() + 366 * DAY_MS));
  return [...new Set(holidays)].filter((d) => d >= from && d <= to).sort();
}
