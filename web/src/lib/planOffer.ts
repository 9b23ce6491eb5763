import { toCents } from '@contract/money';
import type { Plan } from '@contract/plans';
import { planTerms } from '@contract/plan-terms';
import { annualRateBp, estimate, type Estimate, type PayoutPeriod } from '@contract/schedule';
import { currentLocale } from '../i18n/i18n';
import { activeT } from './activeT';
import { formatCentsUsd, formatPercent } from './format';

/**
 * How a plan is sold, in words and figures, in the active language (the `common` catalogue: plans
 * are sold on the public pages too). The one wording of a plan's payouts, term, rate and exit: the
 * public pages, the invest form, the investor's portfolio and the back office's plan list and form
 * all say them from here. Every figure comes from contract/schedule.ts (`estimate`, `annualRateBp`)
 * over the plan's terms, the same code the accrual pays with: no arithmetic of its own.
 */

/** Payouts counted for an open-ended plan's example: it has no end to count to. */
export const OPEN_ENDED_EXAMPLE_PAYOUTS = 12;

/**
 * Every word that depends on the unit a plan pays and counts its term in, one row per payout period: the period
 * ("Every week"), a term ("{{count}} weeks"), the unit alone as a heading names it ("weeks"), and a rate per period
 * or over a term. Keys spelled out whole, so the catalogue check sees each one used.
 */
const UNITS = {
  hourly: {
    period: 'plan.period.hourly',
    term: 'plan.term.hour',
    name: 'plan.units.hour',
    per: 'plan.rate.per.hour',
    over: 'plan.rate.over.hour',
  },
  daily: {
    period: 'plan.period.daily',
    term: 'plan.term.day',
    name: 'plan.units.day',
    per: 'plan.rate.per.day',
    over: 'plan.rate.over.day',
  },
  weekly: {
    period: 'plan.period.weekly',
    term: 'plan.term.week',
    name: 'plan.units.week',
    per: 'plan.rate.per.week',
    over: 'plan.rate.over.week',
  },
  monthly: {
    period: 'plan.period.monthly',
    term: 'plan.term.month',
    name: 'plan.units.month',
    per: 'plan.rate.per.month',
    over: 'plan.rate.over.month',
  },
} as const satisfies Record<PayoutPeriod, Record<'period' | 'term' | 'name' | 'per' | 'over', string>>;

/** Hourly and daily terms paid on working days only count working hours or days; weeks and months have no such unit. */
const WORKING_UNITS = {
  hourly: { term: 'plan.term.workingHour', name: 'plan.units.workingHour', over: 'plan.rate.over.workingHour' },
  daily: { term: 'plan.term.workingDay', name: 'plan.units.workingDay', over: 'plan.rate.over.workingDay' },
} as const;

type Counted = Pick<Plan, 'payoutPeriod' | 'workingDaysOnly'>;

/** The words of the unit `plan`'s term is counted in. */
const unitOf = ({ payoutPeriod: p, workingDaysOnly }: Counted) =>
  workingDaysOnly && (p === 'daily' || p === 'hourly') ? WORKING_UNITS[p] : UNITS[p];

/** The figure a plan states: its fixed payout in dollars or its rate in percent, in the active language. */
const figure = (plan: Pick<Plan, 'interestRate' | 'fixedPayout'>) =>
  plan.fixedPayout !== null ? formatCentsUsd(toCents(plan.fixedPayout)) : formatPercent(plan.interestRate);

/** "12.5%", "-3%": basis points written exactly, in the active language ("12,5 %"). */
export function formatBp(bp: number): string {
  return formatPercent(bp / 100);
}

/** "Every week", with "working days only" when weekends and holidays pay nothing. */
export function periodWords(plan: Counted): string {
  const t = activeT();
  const period = t(UNITS[plan.payoutPeriod].period);
  return plan.workingDaysOnly ? t('plan.periodWorkingDays', { period }) : period;
}

/** The unit a term is counted in: "days", "working days", "weeks". */
export function termUnit(plan: Counted): string {
  return activeT()(unitOf(plan).name);
}

/** "30 days", "12 weeks", or the open-ended sentence. */
export function termWords(plan: Pick<Plan, 'payoutPeriod' | 'workingDaysOnly' | 'openEnded' | 'duration'>): string {
  const t = activeT();
  if (plan.openEnded || plan.duration === null) return t('plan.openEndedTerm');
  return t(unitOf(plan).term, { count: plan.duration });
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
  const rate = figure(plan);
  return plan.openEnded || plan.fixedPayout !== null
    ? t('plan.rate.perPayout', { rate })
    : t('plan.rate.overTerm', { rate });
}

/**
 * The rate with its unit, where no row beside it names the period or the term (an investment's card): "$5.00 per
 * day", "1.5% per week", "10% over 30 days", "10% over 20 working days".
 */
export function rateWithUnitWords(terms: Counted & Pick<Plan, 'interestRate' | 'fixedPayout' | 'duration'>): string {
  const t = activeT();
  const rate = figure(terms);
  if (terms.fixedPayout !== null || terms.duration === null) return t(UNITS[terms.payoutPeriod].per, { rate });
  return t(unitOf(terms).over, { rate, count: terms.duration });
}

/** The short line of a plan in a select or a list: "15% / 60 days" as before, else rate and term. */
export function planHeadline(plan: Plan): string {
  const t = activeT();
  if (plan.fixedPayout === null && !plan.openEnded && plan.payoutPeriod === 'daily' && !plan.workingDaysOnly)
    return t('plan.headline', { rate: formatPercent(plan.interestRate), count: plan.duration ?? 0 });
  const term = plan.openEnded || plan.duration === null ? t('plan.noEndDate') : termWords(plan);
  const period = t(UNITS[plan.payoutPeriod].period).toLocaleLowerCase(currentLocale());
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
