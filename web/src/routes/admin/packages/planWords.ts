import type { Plan } from '@contract/plans';
import type { PayoutPeriod } from '@contract/schedule';
import type { TFunction } from 'i18next';
import { formatMoney, formatNumber } from '../../../lib/format';

/**
 * A plan's options in the staff's words, in the active language: the plan card's lines and the form's duration
 * label. Each sentence is one message; counts choose their plural form.
 */
type MoneyT = TFunction<'adminMoney'>;

/** A percentage as the plan states it, in the active language's digits: "12.5", "12,5". */
export const percent = (value: number) => formatNumber(value, { maximumFractionDigits: 2 });

const PERIOD = {
  hourly: 'plan.period.hourly',
  daily: 'plan.period.daily',
  weekly: 'plan.period.weekly',
  monthly: 'plan.period.monthly',
} as const satisfies Record<PayoutPeriod, string>;

const PERIOD_WORKING = {
  hourly: 'plan.periodWorkingDays.hourly',
  daily: 'plan.periodWorkingDays.daily',
  weekly: 'plan.periodWorkingDays.weekly',
  monthly: 'plan.periodWorkingDays.monthly',
} as const satisfies Record<PayoutPeriod, string>;

/** "Every week", or "Every day, working days only" when weekends and holidays pay nothing. */
export function periodWords(t: MoneyT, plan: Pick<Plan, 'payoutPeriod' | 'workingDaysOnly'>): string {
  return t(plan.workingDaysOnly ? PERIOD_WORKING[plan.payoutPeriod] : PERIOD[plan.payoutPeriod]);
}

const TERM = {
  hourly: 'plan.term.hourly',
  daily: 'plan.term.daily',
  weekly: 'plan.term.weekly',
  monthly: 'plan.term.monthly',
} as const satisfies Record<PayoutPeriod, string>;

const TERM_WORKING = { hourly: 'plan.term.workingHours', daily: 'plan.term.workingDays' } as const;

/** "30 days", "1 week", "20 working days". */
export function termWords(t: MoneyT, plan: Pick<Plan, 'payoutPeriod' | 'workingDaysOnly'>, duration: number): string {
  const values = { count: duration, duration: formatNumber(duration) };
  const p = plan.payoutPeriod;
  // Hourly and daily terms count working hours or days; weekly and monthly ones have no such unit.
  return plan.workingDaysOnly && (p === 'daily' || p === 'hourly') ? t(TERM_WORKING[p], values) : t(TERM[p], values);
}

const DURATION = {
  hourly: 'plan.form.duration.hourly',
  daily: 'plan.form.duration.daily',
  weekly: 'plan.form.duration.weekly',
  monthly: 'plan.form.duration.monthly',
} as const satisfies Record<PayoutPeriod, string>;

const DURATION_WORKING = {
  hourly: 'plan.form.duration.workingHours',
  daily: 'plan.form.duration.workingDays',
} as const;

/** The duration field's label, in the unit the term is counted in: "Duration (days)", "Duration (working days)". */
export function durationLabel(t: MoneyT, plan: Pick<Plan, 'payoutPeriod' | 'workingDaysOnly'>): string {
  const p = plan.payoutPeriod;
  return plan.workingDaysOnly && (p === 'daily' || p === 'hourly') ? t(DURATION_WORKING[p]) : t(DURATION[p]);
}

/** When and at what cost an open-ended investment may be ended. */
export function exitWords(t: MoneyT, plan: Pick<Plan, 'minLockPeriods' | 'earlyExitFee'>): string {
  const values = {
    count: plan.minLockPeriods,
    payouts: formatNumber(plan.minLockPeriods),
    fee: percent(plan.earlyExitFee),
  };
  if (plan.minLockPeriods > 0)
    return plan.earlyExitFee > 0 ? t('plan.exit.afterLockWithFee', values) : t('plan.exit.afterLockNoFee', values);
  return plan.earlyExitFee > 0 ? t('plan.exit.anyTimeWithFee', values) : t('plan.exit.anyTimeNoFee');
}

/** The return as the plan states it: "15% over the term", "1.25% per payout", "$12.34 per payout". */
export function rateWords(t: MoneyT, plan: Pick<Plan, 'openEnded' | 'interestRate' | 'fixedPayout'>): string {
  if (plan.fixedPayout !== null) return t('plan.rate.fixed', { amount: formatMoney(plan.fixedPayout) });
  const rate = percent(plan.interestRate);
  return plan.openEnded ? t('plan.rate.perPayout', { rate }) : t('plan.rate.overTerm', { rate });
}
