import type { SiteSettings } from '../../../contract/settings';
import type { Position, Terms } from '../../../contract/schedule';
import type { investments, plans } from '../../db/schema';

type InvestmentRow = typeof investments.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

/** The schedule's terms of an investment or a plan (the columns are the same; an investment copied its plan's). */
export const termsOf = (
  r: Pick<InvestmentRow, TermColumns | 'principalCap'> | Pick<PlanRow, TermColumns | 'maximumInvestment'>,
): Terms => ({
  period: r.payoutPeriod,
  term: r.termPeriods,
  rateBp: r.interestRateBp,
  fixedPayout: r.fixedPayout,
  capitalReturned: r.capitalReturned,
  workingDaysOnly: r.workingDaysOnly,
  principalCap: 'principalCap' in r ? r.principalCap : r.maximumInvestment,
});
type TermColumns =
  'payoutPeriod' | 'termPeriods' | 'interestRateBp' | 'fixedPayout' | 'capitalReturned' | 'workingDaysOnly';

/** Where an investment stands, as the schedule reads it. */
export const positionOf = (
  i: Pick<InvestmentRow, 'principal' | 'compounded' | 'paidPeriods' | 'lastBoundary' | 'carry' | 'compoundPercent'>,
): Position => ({
  principal: i.principal + i.compounded,
  paid: i.paidPeriods,
  boundary: i.lastBoundary,
  carry: i.carry,
  compoundPercent: i.compoundPercent,
});

/** The operator's holiday calendar, as the schedule takes it. */
export const holidaysOf = (settings: Pick<SiteSettings, 'holidays'>): ReadonlySet<string> => new Set(settings.holidays);
