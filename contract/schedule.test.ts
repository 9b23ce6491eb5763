import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { termsWith } from './test-terms';
import { dailyIncrement, totalReturnCents } from './returns';
import {
  annualRateBp,
  boundaryTime,
  estimate,
  nextPayout,
  PAYOUT_PERIODS,
  payoutsDue,
  schedule,
  startPosition,
  utcDate,
  type Payout,
  type Position,
  type Terms,
} from './schedule';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/** Any plan's terms: every period, fixed or open term, rate or fixed payout, capital back or not, working days. */
const arbTerms: fc.Arbitrary<Terms> = fc.record({
  period: fc.constantFrom(...PAYOUT_PERIODS),
  term: fc.option(fc.integer({ min: 1, max: 120 }), { nil: null, freq: 4 }),
  rateBp: fc.integer({ min: 1, max: 100_000 }),
  fixedPayout: fc.option(fc.bigInt({ min: 1n, max: 10n ** 7n }), { nil: null, freq: 3 }),
  capitalReturned: fc.boolean(),
  workingDaysOnly: fc.boolean(),
  principalCap: fc.bigInt({ min: 1n, max: 10n ** 13n }),
});
const arbStart = fc.date({ min: at('2020-01-01T00:00:00Z'), max: at('2035-12-31T23:59:59Z'), noInvalidDate: true });
const arbPrincipal = fc.bigInt({ min: 1n, max: 10n ** 11n });
const arbPercent = fc.integer({ min: 0, max: 100 });
/** Holidays near the starts drawn above (some on weekends, some runs of days). */
const arbHolidays = fc
  .array(fc.date({ min: at('2020-01-01T00:00:00Z'), max: at('2036-06-30T00:00:00Z'), noInvalidDate: true }), {
    maxLength: 40,
  })
  .map((ds) => new Set(ds.map(utcDate)));

describe('boundaries', () => {
  it('steps hours, days and weeks exactly, and months by the calendar from the start, clamped', () => {
    const start = at('2027-01-31T09:30:00Z');
    expect(boundaryTime(start, 'hourly', 5).toISOString()).toBe('2027-01-31T14:30:00.000Z');
    expect(boundaryTime(start, 'daily', 1).toISOString()).toBe('2027-02-01T09:30:00.000Z');
    expect(boundaryTime(start, 'weekly', 2).toISOString()).toBe('2027-02-14T09:30:00.000Z');
    const months = [1, 2, 3, 13].map((j) => boundaryTime(start, 'monthly', j).toISOString());
    expect(months).toEqual([
      '2027-02-28T09:30:00.000Z',
      '2027-03-31T09:30:00.000Z',
      '2027-04-30T09:30:00.000Z',
      '2028-02-29T09:30:00.000Z',
    ]);
  });

  it('a monthly boundary is the start day, or the last day of a shorter month', () => {
    fc.assert(
      fc.property(arbStart, fc.integer({ min: 1, max: 240 }), (start, j) => {
        const b = boundaryTime(start, 'monthly', j);
        const months = (b.getUTCFullYear() - start.getUTCFullYear()) * 12 + b.getUTCMonth() - start.getUTCMonth();
        const lastDay = new Date(Date.UTC(b.getUTCFullYear(), b.getUTCMonth() + 1, 0)).getUTCDate();
        expect(months).toBe(j);
        expect(b.getUTCDate()).toBe(Math.min(start.getUTCDate(), lastDay));
        expect(b.getTime() % (24 * HOUR)).toBe(start.getTime() % (24 * HOUR));
      }),
    );
  });
});

describe('the schedule', () => {
  it('pays today’s daily plans exactly as before: floor(total / n), the last day the remainder too', () => {
    fc.assert(
      fc.property(
        arbStart,
        arbPrincipal,
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 400 }),
        (start, principal, bp, days) => {
          const terms = termsWith({ term: days, rateBp: bp });
          const payouts = schedule(terms, start, startPosition(principal), new Set());
          const total = totalReturnCents(principal, bp);
          const mismatches = payouts.filter(
            (p, k) =>
              p.amount !== dailyIncrement(total, days, k + 1) ||
              p.at.getTime() !== start.getTime() + (k + 1) * 24 * HOUR,
          );
          expect({ count: payouts.length, mismatches: mismatches.length }).toEqual({ count: days, mismatches: 0 });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('every option: payouts in order on paying times, none negative; a fixed term sums to its promise to the cent', () => {
    fc.assert(
      fc.property(
        arbTerms,
        arbStart,
        arbPrincipal,
        arbPercent,
        arbHolidays,
        (terms, start, principal, percent, holidays) => {
          const payouts = schedule(terms, start, startPosition(principal, percent), holidays, 30);
          expect(payouts.length).toBe(terms.term ?? 30);
          let prev = start.getTime();
          let pos: Position = startPosition(principal, percent);
          let exact = 0n; // Σ T_k, the unrounded promise times the term
          for (const p of payouts) {
            // Weekly and monthly payouts moved off a run of holidays may meet the next one's day.
            if (terms.period === 'hourly' || terms.period === 'daily') expect(p.at.getTime()).toBeGreaterThan(prev);
            else expect(p.at.getTime()).toBeGreaterThanOrEqual(prev);
            prev = p.at.getTime();
            if (terms.workingDaysOnly) {
              expect([0, 6]).not.toContain(p.at.getUTCDay());
              expect(holidays.has(utcDate(p.at))).toBe(false);
            }
            expect(p.amount >= 0n && p.compounded >= 0n && p.compounded <= p.amount).toBe(true);
            expect(p.after.principal).toBe(pos.principal + p.compounded);
            if (p.compounded > 0n) expect(p.after.principal <= terms.principalCap).toBe(true);
            if (terms.fixedPayout !== null) expect(p.amount).toBe(terms.fixedPayout);
            else if (terms.term === null) expect(p.amount).toBe(totalReturnCents(pos.principal, terms.rateBp));
            else exact += totalReturnCents(pos.principal, terms.rateBp);
            pos = p.after;
          }
          if (terms.term !== null && terms.fixedPayout === null) {
            // Within half a cent of the exact promise Σ T_k / n, and exactly today's total with no compounding.
            const paid = payouts.reduce((s, p) => s + p.amount, 0n);
            const n = BigInt(terms.term);
            const off = 2n * n * paid - 2n * exact;
            expect(off >= -n && off <= n, `paid ${paid}, exact ${exact}/${n}`).toBe(true);
            if (percent === 0) expect(paid).toBe(totalReturnCents(principal, terms.rateBp));
          }
          if (terms.term !== null) expect(payouts.at(-1)!.compounded).toBe(0n);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('catching up after any outage pays what paying each period on time pays', () => {
    fc.assert(
      fc.property(
        arbTerms,
        arbStart,
        arbPrincipal,
        arbPercent,
        arbHolidays,
        fc.array(fc.integer({ min: 0, max: 90 * 24 }), { minLength: 1, maxLength: 6 }),
        (terms, start, principal, percent, holidays, gapsHours) => {
          // Runs at increasing times (hours after the start), each paying what is due.
          const runs: number[] = [];
          let t = start.getTime();
          for (const g of gapsHours) runs.push((t += g * HOUR));
          let pos = startPosition(principal, percent);
          const piecewise: Payout[] = [];
          for (const r of runs) {
            const due = payoutsDue(terms, start, pos, holidays, new Date(r));
            piecewise.push(...due);
            pos = due.at(-1)?.after ?? pos;
          }
          const once = payoutsDue(terms, start, startPosition(principal, percent), holidays, new Date(runs.at(-1)!));
          expect(piecewise).toEqual(once);
          const onTime = schedule(terms, start, startPosition(principal, percent), holidays, once.length);
          expect(once).toEqual(onTime.slice(0, once.length));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('with working days only, a Friday start pays Monday, and a holiday Monday moves it to Tuesday', () => {
    const terms = termsWith({ term: 2, rateBp: 200, workingDaysOnly: true });
    const friday = at('2027-03-05T10:00:00Z');
    const days = (h: Set<string>) => schedule(terms, friday, startPosition(10_000n), h).map((p) => utcDate(p.at));
    expect(days(new Set())).toEqual(['2027-03-08', '2027-03-09']);
    expect(days(new Set(['2027-03-08']))).toEqual(['2027-03-09', '2027-03-10']);
  });

  it('with working days only, a weekly payout due on a Saturday is made on Monday, at its hour', () => {
    const terms = termsWith({ period: 'weekly', term: 2, rateBp: 200, workingDaysOnly: true });
    const saturday = at('2027-03-06T10:00:00Z');
    const times = schedule(terms, saturday, startPosition(10_000n), new Set(['2027-03-15'])).map((p) =>
      p.at.toISOString(),
    );
    expect(times).toEqual(['2027-03-16T10:00:00.000Z', '2027-03-22T10:00:00.000Z']);
  });

  it('compounding grows the principal the next payouts earn on', () => {
    const terms = termsWith({ period: 'weekly', term: 3, rateBp: 3000 });
    const start = at('2027-01-04T00:00:00Z');
    // T = 10% × principal per 3 payouts: 100_000 → T 30_000 → 10_000 a week; half of it compounds.
    const [a, b, c] = schedule(terms, start, startPosition(1_000_000n, 50), new Set());
    expect([a!.amount, a!.compounded, a!.after.principal]).toEqual([100_000n, 50_000n, 1_050_000n]);
    expect([b!.amount, b!.compounded, b!.after.principal]).toEqual([105_000n, 52_500n, 1_102_500n]);
    expect([c!.amount, c!.compounded]).toEqual([110_250n, 0n]);
    const e = estimate(terms, start, 1_000_000n, 50, new Set());
    expect(e).toMatchObject({ returns: 315_250n, finalPrincipal: 1_102_500n, receives: 1_315_250n, profit: 315_250n });
  });

  it('a plan that keeps the capital says so in its estimate', () => {
    const terms = termsWith({ period: 'monthly', term: 12, rateBp: 15_000, capitalReturned: false });
    const e = estimate(terms, at('2027-01-31T00:00:00Z'), 100_000n, 0, new Set());
    expect(e).toMatchObject({
      returns: 150_000n,
      capitalReturned: false,
      receives: 150_000n,
      profit: 50_000n,
      payouts: 12,
    });
    expect(e.endsAt!.toISOString()).toBe('2028-01-31T00:00:00.000Z');
    // 50% profit over a year.
    expect(annualRateBp(terms, 100_000n)).toBe(5_000);
  });

  it('an open-ended plan pays its rate each period, forever', () => {
    const terms = termsWith({ term: null, rateBp: 50 });
    const start = at('2027-01-01T00:00:00Z');
    let pos = startPosition(123_457n);
    for (let k = 0; k < 1000; k++) pos = nextPayout(terms, start, pos, new Set())!.after;
    expect(pos.paid).toBe(1000);
    expect(nextPayout(terms, start, pos, new Set())!.amount).toBe(617n); // 0.5% of $1,234.57, half-even
    expect(annualRateBp(terms, 100_000n)).toBe(18_250);
  });
});
