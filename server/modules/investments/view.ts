import type { Investment } from '../../../contract/investments';
import { fromCents } from '../../../contract/money';
import { nextPayout, schedule } from '../../../contract/schedule';
import type { investments } from '../../db/schema';
import { positionOf, termsOf } from './terms';

/**
 * The investment as the API shows it: what it paid, and from the schedule every screen shares what it
 * pays next; for a fixed term, when it ends and what it returns in all (`total_return`, kept equal to the
 * schedule with the compounding chosen).
 */
export function toInvestment(
  i: typeof investments.$inferSelect,
  planName: string,
  holidays: ReadonlySet<string>,
): Investment {
  const terms = termsOf(i);
  const pos = positionOf(i);
  const running = i.status === 'running';
  const next = running ? nextPayout(terms, i.startDate, pos, holidays) : null;
  // The stored end is the schedule's at the start; only a holiday calendar changed since can move it,
  // so only a running working-days term is walked again (lists show many investments).
  const endDate =
    running && terms.workingDaysOnly && terms.term !== null
      ? (schedule(terms, i.startDate, pos, holidays).at(-1)?.at ?? i.endDate)
      : i.endDate;
  return {
    id: i.id,
    userId: i.userId,
    planId: i.planId,
    planName,
    principal: fromCents(i.principal),
    returnRate: i.interestRateBp / 10_000,
    interestRate: i.interestRateBp / 100,
    duration: i.termPeriods,
    payoutPeriod: i.payoutPeriod,
    fixedPayout: i.fixedPayout === null ? null : fromCents(i.fixedPayout),
    capitalReturned: i.capitalReturned,
    workingDaysOnly: i.workingDaysOnly,
    totalReturn: i.totalReturn === null ? null : fromCents(i.totalReturn),
    income: fromCents(i.paidAmount),
    paidPeriods: i.paidPeriods,
    progress: i.termPeriods ? Math.round((i.paidPeriods / i.termPeriods) * 1000) / 10 : 0,
    compounded: fromCents(i.compounded),
    compoundPercent: i.compoundPercent,
    compounding:
      i.compoundMinPercent === null || i.compoundMaxPercent === null
        ? null
        : { min: i.compoundMinPercent, max: i.compoundMaxPercent },
    nextPayout: next ? { at: next.at.toISOString(), amount: fromCents(next.amount) } : null,
    minLockPeriods: i.minLockPeriods,
    earlyExitFee: i.exitFeeBp / 100,
    status: i.status,
    startDate: i.startDate.toISOString(),
    endDate: endDate?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
  };
}
