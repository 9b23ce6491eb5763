import { toCents } from './money';
import type { Plan } from './plans';
import type { PayoutPeriod, Terms } from './schedule';

// A plan's terms and promises as screens show them, apart from the plan schemas (contract/plans.ts):
// the public pages draw plans without loading zod.

/** `12.5` or `"12.5"` → 1250 basis points, exactly (no floats); null when it is not ≤ 4 digits with ≤ 2 decimals. */
export function percentToBp(v: number | string): number | null {
  const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(String(v).trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

const PAYOUTS: Record<PayoutPeriod, string> = {
  hourly: 'Hourly payouts',
  daily: 'Daily payouts',
  weekly: 'Weekly payouts',
  monthly: 'Monthly payouts',
};

/** What a plan without its own list promises: only what its options say (no "principal back" when it is not). */
export function defaultBenefits(p: Pick<Plan, 'payoutPeriod' | 'openEnded' | 'capitalReturned'>): string[] {
  const principal = !p.capitalReturned
    ? 'Your principal is not returned'
    : p.openEnded
      ? 'Principal returned when you end it'
      : 'Principal returned at the end of the term';
  return [
    `${PAYOUTS[p.payoutPeriod]} to your balance`,
    'Profits withdrawable any time',
    principal,
    'Every payout on a verifiable ledger',
  ];
}

/** What an investment in `plan` would pay (contract/schedule.ts), from the API's plan, exactly. */
export function planTerms(
  plan: Pick<Plan, 'payoutPeriod' | 'openEnded' | 'duration' | 'interestRate' | 'fixedPayout'> &
    Pick<Plan, 'capitalReturned' | 'workingDaysOnly' | 'maximumInvestment'>,
): Terms {
  return {
    period: plan.payoutPeriod,
    term: plan.openEnded ? null : plan.duration,
    rateBp: percentToBp(plan.interestRate) ?? 0,
    fixedPayout: plan.fixedPayout === null ? null : toCents(plan.fixedPayout),
    capitalReturned: plan.capitalReturned,
    workingDaysOnly: plan.workingDaysOnly,
    principalCap: toCents(plan.maximumInvestment),
  };
}
