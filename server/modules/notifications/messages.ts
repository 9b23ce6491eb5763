import { formatCents } from '../../../contract/money';

/** The platform's own notices of money events, worded once. */
export const DepositNotice = {
  settled: (amount: bigint, currency: string) =>
    `Your deposit of $${formatCents(amount)} (${currency}) was credited to your available balance.`,
  invalid: (amount: bigint, currency: string) =>
    `Your deposit of $${formatCents(amount)} (${currency}) was rejected. Contact support if you believe this is a mistake.`,
};

export const WithdrawalNotice = {
  settled: (amount: bigint, fee: bigint, currency: string) =>
    `Your withdrawal of $${formatCents(amount)} (${currency}) was approved and paid${fee > 0n ? `: $${formatCents(amount - fee)} after a $${formatCents(fee)} fee` : ''}.`,
  invalid: (amount: bigint, _fee: bigint, currency: string) =>
    `Your withdrawal of $${formatCents(amount)} (${currency}) was rejected: the amount is back in your available balance.`,
};

export const InvestmentNotice = {
  started: (amount: bigint, planName: string, days: number) =>
    `Your investment of $${formatCents(amount)} in ${planName} has started: returns are paid daily for ${days} days.`,
};

export const ReferralNotice = {
  bonus: (amount: bigint, level: number) => `You received a level ${level} referral bonus of $${formatCents(amount)}.`,
};

export const SecurityNotice = {
  newDevice: (device: string, ip: string) =>
    `New sign-in to your account from ${device}${ip ? ` (IP ${ip})` : ''}. If this was not you, change your password at once.`,
};
