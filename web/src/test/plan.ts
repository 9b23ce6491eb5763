import type { Plan } from '@contract/plans';

/** A plan as the API sends it: today's kind (daily, fixed term, capital back, no compounding) unless changed. */
export const testPlan = (over: Partial<Plan> = {}): Plan => ({
  id: 1,
  name: 'Test',
  description: '',
  payoutPeriod: 'daily',
  openEnded: false,
  duration: 10,
  interestRate: 10,
  fixedPayout: null,
  capitalReturned: true,
  compounding: null,
  workingDaysOnly: false,
  minLockPeriods: 0,
  earlyExitFee: 0,
  maxActivePerUser: null,
  minimumInvestment: 100,
  maximumInvestment: 5000,
  benefits: [],
  bestFor: '',
  color: 'blue',
  activeSubscribers: 0,
  archived: false,
  ...over,
});
