import { toCents } from '@contract/money';
import { planTerms, type Plan } from '@contract/plans';
import { annualRateBp, estimate, type Estimate, type PayoutPeriod } from '@contract/schedule';
import { currentLocale } from '../i18n/i18n';
import { activeT } from './activeT';
import { formatCentsUsd, formatPercent } from './format';

/**
 * How a plan is sold, in words and figures, in the active language (the `common` catalogue: plans
 * are sold on the public pages too). Every figure comes from contract/schedule.ts (`estimate`,
 * `annualRateBp`) over the plan's terms, the same code the accrual pays with: no arithmetic of its own.
 */

/** Payouts counted for an open-ended plan's example: it has no end to count to. */
export const OPEN_ENDED_EXAMPLE_PAYOUTS = 12;

// Keys spelled out whole, one per value, so the catalogue check sees each one used.
const PERIOD_WORDS = {
  hourly: 'plan.period.hourly',
  daily: 'plan.period.daily',
  weekly: 'plan.period.weekly',
  monthly: 'plan.period.monthly',
} as const satisfies Record<PayoutPeriod, string>;
/** "{{count}} days": a term counted in its unit. */
const TERMS = {
  hourly: 'plan.term.hour',
  daily: 'plan.term.day',
  weekly: 'plan.term.week',
  monthly: 'plan.term.month',
} as const satisfies Record<PayoutPeriod, string>;
const WORKING_TERMS = { hourly: 'plan.term.workingHour', daily: 'plan.term.workingDay' } as const;
/** The unit alone, as a heading names it ("days"). */
const UNIT_NAMES = {
  hourly: 'plan.units.hour',
  daily: 'plan.units.day',
  weekly: 'plan.units.week',
  monthly: 'plan.units.month',
} as const satisfies Record<PayoutPeriod, string>;
const WORKING_UNIT_NAMES = { hourly: 'plan.units.workingHour', daily: 'plan.units.workingDay' } as const;

const isWorkingUnit = (
  plan: Pick<Plan, 'payoutPeriod' | 'workingDaysOnly'>,
): plan is { payoutPeriod: 'hourly' | 'daily'; workingDaysOnly: boolean } =>
  plan.workingDaysOnly && (plan.payoutPeriod === 'daily' || plan.payoutPeriod === 'hourly');

/** "12.5%", "-3%": basis points written exactly, in the active language ("12,5 %"). */
export function formatBp(bp: number): string {
  return formatPercent(bp / 100);
}

/** "5 payouts", "1 payout". */
export const payoutsWord = (n: number) => activeT()('plan.payouts', { count: n });

/** "Every week", with "working days only" when weekends and holidays pay nothing. */
export function periodWords(plan: Pick<Plan, 'payoutPeriod' | 'workingDaysOnly'>): string {
  const t = activeT();
  const period = t(PERIOD_WORDS[plan.payoutPeriod]);
  return plan.workingDaysOnly ? t('plan.periodWorkingDays', { period }) : period;
}

/** The unit a term is counted in: "days", "working days", "weeks". */
export function termUnit(plan: Pick<Plan, 'payoutPeriod' | 'workingDaysOnly'>): string {
  return activeT()(isWorkingUnit(plan) ? WORKING_UNIT_NAMES[plan.payoutPeriod] : UNIT_NAMES[plan.payoutPeriod]);
}

/** "30 days", "12 weeks", or the open-ended sentence. */
export function termWords(plan: Pick<Plan, 'payoutPeriod' | 'workingDaysOnly' | 'openEnded' | 'duration'>): string {
  const t = activeT();
  if (plan.openEnded || plan.duration === null) return t('plan.openEndedTerm');
  const key = isWorkingUnit(plan) ? WORKING_TERMS[plan.payoutPeriod] : TERMS[plan.payoutPeriod];
  return t(key, { count: plan.duration });
}

/** When and at what cost an open-ended investment may be ended; null for a fixed term. */
export function exitWords(plan: Pick<Plan, 'openEnded' | 'minLockPeriods' | 'earlyExitFee'>): string | null {
  if (!plan.openEnded) return null;
  const t = activeT();
  const fee = formatPercent(plan.earlyExitFee);
  if (plan.minLockPeriods > 0) {
    const count = plan.minLockPeriods;
    return plan.earlyExitFee > 0 ? t('plan.exit.afterFee', { count, fee }) : t('plan.exit.after', { count });
  }
  return plan.earlyExitFee > 0 ? t('plan.exit.anyTimeFee', { fee }) : t('plan.exit.anyTime');
}

/** The rate as the plan states it: "15% over the term", "1.25% per payout", "$12.34 per payout". */
export function rateWords(plan: Pick<Plan, 'openEnded' | 'interestRate' | 'fixedPayout'>): string {
  const t = activeT();
  if (plan.fixedPayout !== null) return t('plan.rate.perPayout', { rate: formatCentsUsd(toCents(plan.fixedPayout)) });
  const rate = formatPercent(plan.interestRate);
  return plan.openEnded ? t('plan.rate.perPayout', { rate }) : t('plan.rate.overTerm', { rate });
}

/** The short line of a plan in a select or a list: "15% / 60 days" as before, else rate and term. */
export function planHeadline(plan: Plan): string {
  const t = activeT();
  if (plan.fixedPayout === null && !plan.openEnded && plan.payoutPeriod === 'daily' && !plan.workingDaysOnly)
    return t('plan.headline', { rate: formatPercent(plan.interestRate), count: plan.duration ?? 0 });
  const term = plan.openEnded ? t('plan.noEndDate') : termWords(plan);
  const period = t(PERIOD_WORDS[plan.payoutPeriod]).toLocaleLowerCase(currentLocale());
  return [rateWords(plan), period, term].join(', ');
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
  plan.openEnded ? activeT()('plan.span.first', { count: e.payouts }) : activeT()('plan.span.term');

/**
 * The equivalent annual rate in words; a plan that pays back less than it takes (its principal kept) is
 * said to, not shown as a large negative rate.
 */
export const annualWords = (annualBp: number): string =>
  annualBp >= 0 ? activeT()('plan.annual', { rate: formatBp(annualBp) }) : activeT()('plan.noGain');
