import type { TFunction } from 'i18next';
import type { Plan } from '@contract/plans';
import type { PayoutPeriod } from '@contract/schedule';
import { formatMoney, formatNumber } from '../../../lib/format';

/**
 * A plan's and an investment's terms in the active language (the `app` catalogue), with proper
 * plurals: "10% / 30 days", "1.5% per payout, every week, no end date", "$5.00 per day".
 * Keys are spelled out whole per payout period so the catalogue check sees each one used.
 */

const EVERY = {
  hourly: 'plan.every.hourly',
  daily: 'plan.every.daily',
  weekly: 'plan.every.weekly',
  monthly: 'plan.every.monthly',
} as const satisfies Record<PayoutPeriod, string>;

const TERM = {
  hourly: 'plan.term.hourly',
  daily: 'plan.term.daily',
  weekly: 'plan.term.weekly',
  monthly: 'plan.term.monthly',
} as const satisfies Record<PayoutPeriod, string>;

const WORKING_TERM = {
  hourly: 'plan.term.workingHourly',
  daily: 'plan.term.workingDaily',
  weekly: 'plan.term.weekly',
  monthly: 'plan.term.monthly',
} as const satisfies Record<PayoutPeriod, string>;

const FIXED_PER = {
  hourly: 'plan.perPeriod.fixed.hourly',
  daily: 'plan.perPeriod.fixed.daily',
  weekly: 'plan.perPeriod.fixed.weekly',
  monthly: 'plan.perPeriod.fixed.monthly',
} as const satisfies Record<PayoutPeriod, string>;

const RATE_PER = {
  hourly: 'plan.perPeriod.rate.hourly',
  daily: 'plan.perPeriod.rate.daily',
  weekly: 'plan.perPeriod.rate.weekly',
  monthly: 'plan.perPeriod.rate.monthly',
} as const satisfies Record<PayoutPeriod, string>;

const RATE_OVER = {
  hourly: 'plan.over.hourly',
  daily: 'plan.over.daily',
  weekly: 'plan.over.weekly',
  monthly: 'plan.over.monthly',
} as const satisfies Record<PayoutPeriod, string>;

/** A percentage as typed by the operator ("1.5"), in the active language's digits ("1,5"). */
export const percent = (n: number) => formatNumber(n, { maximumFractionDigits: 4 });

/** "30 days", "12 working days", "4 weeks": a fixed term's length. */
export function termWords(t: TFunction<'app'>, plan: Pick<Plan, 'payoutPeriod' | 'workingDaysOnly'>, count: number) {
  const keys = plan.workingDaysOnly ? WORKING_TERM : TERM;
  return t(keys[plan.payoutPeriod], { count });
}

/** The short line of a plan in a select: "15% / 60 days" as before, else rate, period and term. */
export function planHeadline(t: TFunction<'app'>, plan: Plan): string {
  if (plan.fixedPayout === null && !plan.openEnded && plan.payoutPeriod === 'daily' && !plan.workingDaysOnly)
    return t('plan.headline', { rate: percent(plan.interestRate), count: plan.duration ?? 0 });
  const rate =
    plan.fixedPayout !== null
      ? t('plan.rate.fixed', { amount: formatMoney(plan.fixedPayout) })
      : plan.openEnded
        ? t('plan.rate.perPayout', { rate: percent(plan.interestRate) })
        : t('plan.rate.overTerm', { rate: percent(plan.interestRate) });
  const term = plan.openEnded || plan.duration === null ? t('plan.noEndDate') : termWords(t, plan, plan.duration);
  return [rate, t(EVERY[plan.payoutPeriod]), term].join(', ');
}

/** An investment's rate: "$5.00 per day", "1.5% per week", "10% over 30 days". */
export function investmentRate(
  t: TFunction<'app'>,
  inv: { fixedPayout: number | null; interestRate: number; duration: number | null; payoutPeriod: PayoutPeriod },
): string {
  if (inv.fixedPayout !== null) return t(FIXED_PER[inv.payoutPeriod], { amount: formatMoney(inv.fixedPayout) });
  if (inv.duration === null) return t(RATE_PER[inv.payoutPeriod], { rate: percent(inv.interestRate) });
  return t(RATE_OVER[inv.payoutPeriod], { rate: percent(inv.interestRate), count: inv.duration });
}
