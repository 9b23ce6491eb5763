import type { Investment } from '../../../contract/investments';
import { fromCents } from '../../../contract/money';
import type { investments } from '../../db/schema';

export function toInvestment(i: typeof investments.$inferSelect, planName: string): Investment {
  return {
    id: i.id,
    userId: i.userId,
    planId: i.planId,
    planName,
    principal: fromCents(i.principal),
    returnRate: i.interestRateBp / 10_000,
    interestRate: i.interestRateBp / 100,
    duration: i.durationDays,
    totalReturn: fromCents(i.totalReturn),
    income: fromCents(i.paidAmount),
    paidDays: i.paidDays,
    progress: Math.round((i.paidDays / i.durationDays) * 1000) / 10,
    status: i.status,
    startDate: i.startDate.toISOString(),
    endDate: i.endDate.toISOString(),
    createdAt: i.createdAt.toISOString(),
  };
}
