import { formatUsd, toCents } from '@contract/money';
import { planTerms, type Plan } from '@contract/plans';
import { annualRateBp, estimate, type Estimate, type PayoutPeriod } from '@contract/schedule';

/**
 * How a plan is sold, in words and figures. Every figure comes from contract/schedule.ts (`estimate`,
 * `annualRateBp`) over the plan's terms, the same code the accrual pays with: no arithmetic of its own.
 */

/** Payouts counted for an open-ended plan's example: it has no end to count to. */
export const OPEN_ENDED_EXAMPLE_PAYOUTS = 12;

const PERIOD_WORDS: Record<PayoutPeriod, string> = {
  hourly: 'Every hour',
  daily: 'Every day',
  weekly: 'Every week',
  monthly: 'Every month',
};
const UNITS: Record<PayoutPeriod, [string, string]> = {
  hourly: ['hour', 'hours'],
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
};

export const OPEN_ENDED_TERM = 'No end date: runs until you end it';

/** "12.5%", "-3%": basis points written exactly. */
export function formatBp(bp: number): string {
  const sign = bp < 0 ? '-' : '';
  const abs = Math.abs(bp);
  const frac = String(abs % 100).padStart(2, '0');
  return `${sign}${Math.floor(abs / 100)}${frac === '00' ? '' : `.${frac.replace(/0$/, '')}`}%`;
}

/** "5 payouts", "1 payout". */
export const payoutsWord = (n: number) => `${n} ${n === 1 ? 'payout' : 'payouts'}`;

/** "Every week", with "on working days" when weekends and holidays pay nothing. */
export function periodWords(plan: Pick<Plan, 'payoutPeriod' | 'workingDaysOnly'>): string {
  return `${PERIOD_WORDS[plan.payoutPeriod]}${plan.workingDaysOnly ? ', working days only' : ''}`;
}

/** The unit a term is counted in: "days", "working days", "weeks". */
export function termUnit(plan: Pick<Plan, 'payoutPeriod' | 'workingDaysOnly'>, n = 2): string {
  const word = UNITS[plan.payoutPeriod][n === 1 ? 0 : 1];
  return plan.workingDaysOnly && (plan.payoutPeriod === 'daily' || plan.payoutPeriod === 'hourly')
    ? `working ${word}`
    : word;
}

/** "30 days", "12 weeks", or the open-ended sentence. */
export function termWords(plan: Pick<Plan, 'payoutPeriod' | 'workingDaysOnly' | 'openEnded' | 'duration'>): string {
  if (plan.openEnded || plan.duration === null) return OPEN_ENDED_TERM;
  return `${plan.duration} ${termUnit(plan, plan.duration)}`;
}

/** When and at what cost an open-ended investment may be ended; null for a fixed term. */
export function exitWords(plan: Pick<Plan, 'openEnded' | 'minLockPeriods' | 'earlyExitFee'>): string | null {
  if (!plan.openEnded) return null;
  const when = plan.minLockPeriods > 0 ? `after ${payoutsWord(plan.minLockPeriods)}` : 'at any time';
  const fee = plan.earlyExitFee > 0 ? `a fee of ${plan.earlyExitFee}% of the principal` : 'no fee';
  return `You can end it ${when}; ${fee}`;
}

/** The rate as the plan states it: "15% over the term", "1.25% per payout", "$12.34 per payout". */
export function rateWords(plan: Pick<Plan, 'openEnded' | 'interestRate' | 'fixedPayout'>): string {
  if (plan.fixedPayout !== null) return `${formatUsd(toCents(plan.fixedPayout))} per payout`;
  return `${plan.interestRate}% ${plan.openEnded ? 'per payout' : 'over the term'}`;
}

/** The short line of a plan in a select or a list: "15% / 60 days" as before, else rate and term. */
export function planHeadline(plan: Plan): string {
  if (plan.fixedPayout === null && !plan.openEnded && plan.payoutPeriod === 'daily' && !plan.workingDaysOnly)
    return `${plan.interestRate}% / ${plan.duration} days`;
  const term = plan.openEnded ? 'no end date' : termWords(plan);
  return `${rateWords(plan)}, ${PERIOD_WORDS[plan.payoutPeriod].toLowerCase()}, ${term}`;
}

export interface Offer {
  amount: bigint;
  estimate: Estimate;
  /** The equivalent simple annual rate, in basis points. */
  annualBp: number;
}

/** What `amount` cents in `plan` would bring, started at `now`, by the schedule. */
export function planOffer(
  plan: Plan,
  amount: bigint,
  opts: { holidays?: readonly string[]; compoundPercent?: number; now?: Date } = {},
): Offer {
  const terms = planTerms(plan);
  const est = estimate(
    terms,
    opts.now ?? new Date(),
    amount,
    opts.compoundPercent ?? 0,
    new Set(opts.holidays ?? []),
    OPEN_ENDED_EXAMPLE_PAYOUTS,
  );
  return { amount, estimate: est, annualBp: annualRateBp(terms, amount) };
}

/** "over the term" or "over the first 12 payouts". */
export const offerSpan = (plan: Pick<Plan, 'openEnded'>, e: Estimate) =>
  plan.openEnded ? `over the first ${payoutsWord(e.payouts)}` : 'over the term';

/**
 * The equivalent annual rate in words; a plan that pays back less than it takes (its principal kept) is
 * said to, not shown as a large negative rate.
 */
export const annualWords = (annualBp: number): string =>
  annualBp >= 0 ? `${formatBp(annualBp)} a year, equivalent` : 'No gain: you get back less than you put in';
