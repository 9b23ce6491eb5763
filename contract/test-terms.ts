import type { Terms } from './schedule';

/** Tests' plan terms: a 10-payout daily plan at 10%, capital back, every day, unless `over` says otherwise. */
export const termsWith = (over: Partial<Terms> = {}): Terms => ({
  period: 'daily',
  term: 10,
  rateBp: 1000,
  fixedPayout: null,
  capitalReturned: true,
  workingDaysOnly: false,
  principalCap: 10n ** 12n,
  ...over,
});
