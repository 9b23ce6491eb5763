/**
 * What an investment pays and when: the one calculation behind the accrual job, every estimate and
 * every investment page (DESIGN.md §5). Integer cents and basis points only; times in UTC.
 *
 * A plan pays at period boundaries: boundary j is `start + j` hours, days or weeks, or `j` calendar
 * months from the start (clamped to the month's last day). With working days only (Saturdays, Sundays and
 * the holidays, by UTC date, are not), an hourly or daily boundary on a non-working day pays nothing and
 * the term counts paying boundaries only; a weekly or monthly payout is made on the next working day.
 *
 * Fixed-term rate plans pay the total return `rate × principal` over `term` payouts: each payout is
 * floor(T / term) of T = round_half_even(principal × rate) for the principal it earns on, and the last
 * one also pays the remainders of every payout, Σ(T mod term) / term rounded half-even once, so the sum
 * is within half a cent of Σ T / term. With one principal all along this is DESIGN's "floor(total / n),
 * the last day also the remainder", to the cent.
 * Open-ended plans pay round_half_even(principal × rate) per payout; fixed-payout plans a fixed amount.
 * Compounding adds `percent` % of a payout (rounded down) to the principal the next payouts earn on, up to
 * the plan's maximum investment.
 */
import { totalReturnCents } from './returns';

export const PAYOUT_PERIODS = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type PayoutPeriod = (typeof PAYOUT_PERIODS)[number];

/** What an investment pays, copied from its plan when it starts. */
export interface Terms {
  period: PayoutPeriod;
  /** The number of payouts; null when open-ended (paid until the investor ends it). */
  term: number | null;
  /** Fixed term: the total return over the term; open-ended: the return of each payout. Basis points. */
  rateBp: number;
  /** Cents paid each period instead of a rate; null for rate plans. */
  fixedPayout: bigint | null;
  /** Whether the principal comes back at the end (else it stays with the platform). */
  capitalReturned: boolean;
  /** Payouts skip Saturdays, Sundays and holidays. */
  workingDaysOnly: boolean;
  /**
   * Compounding never grows the principal past this (the plan's maximum investment): beyond it a payout is
   * paid out in full. Without it an open-ended plan compounding every hour would outgrow any number.
   */
  principalCap: bigint;
}

/** Where an investment stands: what it earns on and what has been paid. */
export interface Position {
  /** The principal the next payout earns on (invested plus compounded). */
  principal: bigint;
  /** Payouts made. */
  paid: number;
  /** The boundary of the last payout (0 before the first). */
  boundary: number;
  /** Σ(T mod term) over the payouts made (fixed-term rate plans; 0 otherwise). */
  carry: bigint;
  /** The share of each payout added to the principal, 0–100. */
  compoundPercent: number;
}

export interface Payout {
  /** 1-based number of the payout. */
  number: number;
  boundary: number;
  at: Date;
  /** What the payout earns, compounded part included. */
  amount: bigint;
  /** The part added to the principal. */
  compounded: bigint;
  /** The position after it. */
  after: Position;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The time of boundary `j` of an investment started at `start`. */
export function boundaryTime(start: Date, period: PayoutPeriod, j: number): Date {
  const t = start.getTime();
  switch (period) {
    case 'hourly':
      return new Date(t + j * HOUR_MS);
    case 'daily':
      return new Date(t + j * DAY_MS);
    case 'weekly':
      return new Date(t + j * 7 * DAY_MS);
    case 'monthly': {
      const month = start.getUTCMonth() + j;
      const lastDay = new Date(Date.UTC(start.getUTCFullYear(), month + 1, 0)).getUTCDate();
      const at = new Date(start);
      at.setUTCDate(1);
      at.setUTCMonth(month);
      at.setUTCDate(Math.min(start.getUTCDate(), lastDay));
      return at;
    }
  }
}

/** `YYYY-MM-DD` of a time in UTC, as holidays are listed. */
export const utcDate = (at: Date): string => at.toISOString().slice(0, 10);

/** Whether a payout may fall at `at`: any time, or with working days only a weekday that is no holiday. */
export function isPayingTime(at: Date, workingDaysOnly: boolean, holidays: ReadonlySet<string>): boolean {
  if (!workingDaysOnly) return true;
  const day = at.getUTCDay();
  return day !== 0 && day !== 6 && !holidays.has(utcDate(at));
}

/** Days or boundaries searched for a working day: settings refuse a year of holidays in a row. */
const MAX_SKIPPED = 400 * 24;

/** The first working day at or after `at`, at the same time of day. */
function onWorkingDay(at: Date, holidays: ReadonlySet<string>): Date {
  for (let d = 0; d <= 400; d++) {
    const day = new Date(at.getTime() + d * DAY_MS);
    if (isPayingTime(day, true, holidays)) return day;
  }
  throw new Error('no working day: the holidays cover more than a year');
}

/**
 * The next payout's boundary after `boundary` and its time. With working days only, hourly and daily
 * boundaries on a non-working day are skipped (they pay nothing and the term waits for working ones);
 * a weekly or monthly payout due on one is made on the next working day, at the same time of day.
 */
export function nextPayingBoundary(
  start: Date,
  terms: Pick<Terms, 'period' | 'workingDaysOnly'>,
  boundary: number,
  holidays: ReadonlySet<string>,
): { boundary: number; at: Date } {
  if (terms.period === 'weekly' || terms.period === 'monthly') {
    const at = boundaryTime(start, terms.period, boundary + 1);
    return { boundary: boundary + 1, at: terms.workingDaysOnly ? onWorkingDay(at, holidays) : at };
  }
  for (let j = boundary + 1; j <= boundary + MAX_SKIPPED; j++) {
    const at = boundaryTime(start, terms.period, j);
    if (isPayingTime(at, terms.workingDaysOnly, holidays)) return { boundary: j, at };
  }
  throw new Error('no paying boundary: the holidays cover more than a year');
}

/** Whether every payout of a fixed term is made. */
export const isFinished = (terms: Pick<Terms, 'term'>, pos: Pick<Position, 'paid'>): boolean =>
  terms.term !== null && pos.paid >= terms.term;

/** What payout `pos.paid + 1` earns on `pos.principal`, and the carry after it. */
function earn(terms: Terms, pos: Position): { amount: bigint; carry: bigint } {
  if (terms.fixedPayout !== null) return { amount: terms.fixedPayout, carry: 0n };
  const total = totalReturnCents(pos.principal, terms.rateBp);
  if (terms.term === null) return { amount: total, carry: 0n };
  const n = BigInt(terms.term);
  const carry = pos.carry + (total % n);
  if (pos.paid + 1 < terms.term) return { amount: total / n, carry };
  return { amount: total / n + roundHalfEven(carry, n), carry };
}

/** round_half_even(a / b) for a ≥ 0, b > 0. */
function roundHalfEven(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r2 = (a % b) * 2n;
  return r2 > b || (r2 === b && q % 2n === 1n) ? q + 1n : q;
}

/** The payout after `pos`, or null when the term is complete. */
export function nextPayout(terms: Terms, start: Date, pos: Position, holidays: ReadonlySet<string>): Payout | null {
  if (isFinished(terms, pos)) return null;
  const { boundary, at } = nextPayingBoundary(start, terms, pos.boundary, holidays);
  const { amount, carry } = earn(terms, pos);
  const last = terms.term !== null && pos.paid + 1 === terms.term;
  // The last payout of a term compounds nothing: there is nothing left for the principal to earn.
  const room = terms.principalCap > pos.principal ? terms.principalCap - pos.principal : 0n;
  const share = (amount * BigInt(pos.compoundPercent)) / 100n;
  const compounded = last ? 0n : share < room ? share : room;
  return {
    number: pos.paid + 1,
    boundary,
    at,
    amount,
    compounded,
    after: { ...pos, principal: pos.principal + compounded, paid: pos.paid + 1, boundary, carry },
  };
}

/**
 * Every payout due by `now` after `pos`, in order (a catch-up after downtime pays them all), and the
 * payout after them (null when the term is complete).
 */
export function dueAndNext(
  terms: Terms,
  start: Date,
  pos: Position,
  holidays: ReadonlySet<string>,
  now: Date,
): { due: Payout[]; next: Payout | null } {
  const due: Payout[] = [];
  let p = nextPayout(terms, start, pos, holidays);
  for (; p && p.at <= now; p = nextPayout(terms, start, p.after, holidays)) due.push(p);
  return { due, next: p };
}

/** Every payout due by `now` after `pos`, in order. */
export const payoutsDue = (terms: Terms, start: Date, pos: Position, holidays: ReadonlySet<string>, now: Date) =>
  dueAndNext(terms, start, pos, holidays, now).due;

/** The first position of an investment of `principal`. */
export const startPosition = (principal: bigint, compoundPercent = 0): Position => ({
  principal,
  paid: 0,
  boundary: 0,
  carry: 0n,
  compoundPercent,
});

/**
 * The payouts still to come after `pos`, if the compounding stays as it is: all of a fixed term, or the
 * next `openEndedCount` of an open-ended plan.
 */
export function schedule(
  terms: Terms,
  start: Date,
  pos: Position,
  holidays: ReadonlySet<string>,
  openEndedCount = 12,
): Payout[] {
  const out: Payout[] = [];
  const limit = terms.term === null ? openEndedCount : terms.term - pos.paid;
  for (
    let p = nextPayout(terms, start, pos, holidays);
    p && out.length < limit;
    p = nextPayout(terms, start, p.after, holidays)
  )
    out.push(p);
  return out;
}

/** What an investment of `principal` brings in all, by the schedule (open-ended: over `openEndedCount` payouts). */
export interface Estimate {
  /** Σ payouts (compounded parts included). */
  returns: bigint;
  /** The principal at the end: returned to the investor, or kept by the plan when it returns no capital. */
  finalPrincipal: bigint;
  capitalReturned: boolean;
  /** What the investor receives in all: the paid-out returns, plus the principal when it comes back. */
  receives: bigint;
  /** Receives minus the principal put in (negative when the plan pays back less than it takes). */
  profit: bigint;
  payouts: number;
  /** When the last payout counted falls. */
  endsAt: Date | null;
}

export function estimate(
  terms: Terms,
  start: Date,
  principal: bigint,
  compoundPercent: number,
  holidays: ReadonlySet<string>,
  openEndedCount = 12,
): Estimate {
  const payouts = schedule(terms, start, startPosition(principal, compoundPercent), holidays, openEndedCount);
  const returns = payouts.reduce((s, p) => s + p.amount, 0n);
  const compounded = payouts.reduce((s, p) => s + p.compounded, 0n);
  const finalPrincipal = principal + compounded;
  const paidOut = returns - compounded;
  const receives = paidOut + (terms.capitalReturned ? finalPrincipal : 0n);
  return {
    returns,
    finalPrincipal,
    capitalReturned: terms.capitalReturned,
    receives,
    profit: receives - principal,
    payouts: payouts.length,
    endsAt: payouts.at(-1)?.at ?? null,
  };
}

/** Paying periods in a year, for the equivalent annual rate (working days: 52 weeks of five days). */
export function periodsPerYear(period: PayoutPeriod, workingDaysOnly: boolean): number {
  const days = workingDaysOnly ? 260 : 365;
  switch (period) {
    case 'hourly':
      return days * 24;
    case 'daily':
      return days;
    case 'weekly':
      return 52;
    case 'monthly':
      return 12;
  }
}

/**
 * The simple annual rate equivalent to a plan, in basis points, for an investment of `principal`: its
 * profit per payout (capital not returned counted as lost over the term) times the payouts in a year,
 * over the principal. Rounded half-even; negative when the plan returns less than it takes.
 */
export function annualRateBp(terms: Terms, principal: bigint): number {
  const perYear = BigInt(periodsPerYear(terms.period, terms.workingDaysOnly));
  const payouts = BigInt(terms.term ?? 1);
  const returns = terms.fixedPayout !== null ? terms.fixedPayout * payouts : totalReturnCents(principal, terms.rateBp);
  const profit = returns - (terms.capitalReturned || terms.term === null ? 0n : principal);
  const num = profit * perYear * 10_000n;
  const den = payouts * principal;
  const sign = num < 0n ? -1n : 1n;
  return Number(sign * roundHalfEven(sign * num, den));
}
