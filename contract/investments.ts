import { z } from 'zod';
import { fill } from './fill';
import { clean, text } from './text';
import { zPositiveMoneyIn } from './amounts';
import { formatUsd } from './money';
import { zIdParam, zPage, zPageQuery } from './pagination';
import { moneyGateErrors } from './errors';
import { route } from './route';
import { PAYOUT_PERIODS } from './schedule';

export const InvestMsg = {
  created: 'Investment created successfully',
  invalid: 'Please enter a valid investment amount and select a plan.',
  belowMin: (min: bigint) => fill('The minimum investment for this plan is {{min}}', { min: formatUsd(min) }),
  aboveMax: (max: bigint) => fill('The maximum investment for this plan is {{max}}', { max: formatUsd(max) }),
  insufficient: 'Insufficient balance: deposit funds to invest this amount',
  planClosed: 'This plan is not open for new investments',
  verifyEmail: 'Please verify your email address before investing',
  notActive: 'Your account is not active',
  maintenance: 'The platform is in maintenance: money actions are paused for now. Please try again later.',
  otherUser: 'You can only invest for your own account',
  planLimit: (max: number) =>
    fill('You already hold the most running investments this plan allows per investor: {{max}}', { max }),
  noCompounding: 'This plan does not compound: leave the compounding at 0%',
  compoundRange: (min: number, max: number) => fill('Choose a compounding between {{min}}% and {{max}}%', { min, max }),
  compoundSet: (pct: number) =>
    fill('From the next payout, {{pct}}% of each payout is added to your principal', { pct }),
  notOpenEnded: 'Only an open-ended investment can be ended by its investor; a fixed term ends by itself',
  locked: (left: number) => fill('Payouts left before this investment can be ended: {{left}}', { left }),
  ended: 'Investment ended: its principal is back in your balance',
  endedRetained: 'Investment ended: this plan does not return its principal',
  /** Said to a change of an investment that has already ended or been cancelled. */
  alreadyOver: (status: string) =>
    status === 'cancelled'
      ? 'This investment is already cancelled'
      : status === 'ended'
        ? 'This investment is already ended'
        : 'This investment is not running',
} as const;

export const zInvestRequest = z.object({
  planId: z.number({ message: InvestMsg.invalid }).int().positive(InvestMsg.invalid),
  amount: zPositiveMoneyIn,
  /** Ignored unless it names the caller: investing always uses the session's user. */
  userId: z.number().int().optional(),
  idempotencyKey: text().trim().min(8).max(100).optional(),
  /** The share of each payout added to the principal, within the plan's compounding range. */
  compoundPercent: z.number().int().min(0).max(100).optional(),
});

export const zInvestment = z.object({
  id: z.number(),
  userId: z.number(),
  planId: z.number(),
  planName: z.string(),
  principal: z.number(),
  returnRate: z.number(),
  interestRate: z.number(),
  /** Payouts in the term; null when open-ended. */
  duration: z.number().nullable(),
  payoutPeriod: z.enum(PAYOUT_PERIODS),
  /** Dollars paid each period instead of a rate; null for rate plans. */
  fixedPayout: z.number().nullable(),
  capitalReturned: z.boolean(),
  workingDaysOnly: z.boolean(),
  /** The promised return of a fixed term as the schedule stands (with the compounding chosen); null when open-ended. */
  totalReturn: z.number().nullable(),
  income: z.number(),
  paidPeriods: z.number(),
  /** Percent of the term paid (0 for open-ended). */
  progress: z.number(),
  /** Added to the principal by compounding so far. */
  compounded: z.number(),
  compoundPercent: z.number(),
  /** The compounding range the investor may choose in; null when the plan does not compound. */
  compounding: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** The next payout (time and amount) while one is to come. */
  nextPayout: z.object({ at: z.string(), amount: z.number() }).nullable(),
  /** Open-ended: payouts before it may be ended, and the fee in percent of principal when it is. */
  minLockPeriods: z.number(),
  earlyExitFee: z.number(),
  status: z.enum(['running', 'ended', 'cancelled']),
  startDate: z.string(),
  /** When the last payout falls as the schedule stands; null when open-ended. */
  endDate: z.string().nullable(),
  createdAt: z.string(),
});
export type Investment = z.infer<typeof zInvestment>;

export const zInvestmentPage = zPage(zInvestment);
export type InvestmentPage = z.infer<typeof zInvestmentPage>;

/** An investment in the staff list, with its owner's user name. */
export const zStaffInvestment = zInvestment.extend({ userName: z.string() });
export type StaffInvestment = z.infer<typeof zStaffInvestment>;
export const zStaffInvestmentPage = zPage(zStaffInvestment);

/** `POST /api/investments` answer: 201, or 200 for a replayed idempotency key. */
export const zInvestCreated = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ investment: zInvestment }),
});
export type InvestCreated = z.infer<typeof zInvestCreated>;

/** `GET /api/investments/all` (staff) filters. */
export const zInvestmentFilters = z.object({
  status: z.enum(['running', 'ended', 'cancelled']).optional(),
  planId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
  startDate: clean(z.iso.date()).optional(),
});
export const zInvestmentListQuery = zPageQuery.extend(zInvestmentFilters.shape);
export type InvestmentListQuery = z.input<typeof zInvestmentListQuery>;

/** `POST /api/investments/:id/cancel` answer. */
export const zInvestmentCancelled = z.object({ message: z.string(), data: zInvestment });
export type InvestmentCancelled = z.infer<typeof zInvestmentCancelled>;

export const zCompoundingRequest = z.object({ percent: z.number().int().min(0).max(100) });
/** A change the investor made to their investment, with what it says. */
export const zInvestmentChanged = z.object({ message: z.string(), data: zInvestment });
export type InvestmentChanged = z.infer<typeof zInvestmentChanged>;

export const zReturnUpdate = z.object({
  id: z.number(),
  investmentId: z.number(),
  dayIndex: z.number(),
  increment: z.number(),
  payoutDate: z.string(),
  userName: z.string(),
  planName: z.string(),
  transactionAmount: z.number(),
  transactionType: z.string(),
  referenceNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type ReturnUpdate = z.infer<typeof zReturnUpdate>;

export const zReturnUpdatePage = zPage(zReturnUpdate);
export type ReturnUpdatePage = z.infer<typeof zReturnUpdatePage>;

export const investmentsApi = {
  create: route({
    method: 'POST',
    path: '/investments',
    tag: 'investments',
    summary: "Invest the caller's available balance in a plan",
    access: 'user',
    body: zInvestRequest,
    response: zInvestCreated,
    status: [201, 200],
    errors: [
      'FORBIDDEN',
      'NOT_FOUND',
      ...moneyGateErrors,
      'PLAN_CLOSED',
      'PLAN_LIMIT_REACHED',
      'BUSINESS_RULE',
      'AMOUNT_OUT_OF_RANGE',
      'KYC_REQUIRED',
      'INSUFFICIENT_FUNDS',
      'DUPLICATE_REQUEST',
    ],
  }),
  ofUser: route({
    method: 'GET',
    path: '/investments/user/plans/:id',
    tag: 'investments',
    summary: "A user's investments (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    query: zPageQuery,
    response: zInvestmentPage,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  all: route({
    method: 'GET',
    path: '/investments/all',
    tag: 'investments',
    summary: 'Every investment (staff), with its owner’s user name, filtered by status, planId, userId, startDate',
    access: 'staff',
    query: zInvestmentListQuery,
    response: zStaffInvestmentPage,
    errors: [],
  }),
  returnsOf: route({
    method: 'GET',
    path: '/investments/:id/return-updates',
    tag: 'investments',
    summary: "An investment's payouts (its owner or staff)",
    access: 'user',
    params: zIdParam,
    query: zPageQuery,
    response: zReturnUpdatePage,
    errors: ['NOT_FOUND'],
  }),
  allReturns: route({
    method: 'GET',
    path: '/investments/return-updates',
    tag: 'investments',
    summary: 'Every payout (staff)',
    access: 'staff',
    query: zPageQuery,
    response: zReturnUpdatePage,
    errors: [],
  }),
  userReturns: route({
    method: 'GET',
    path: '/investments/user/returns/:id',
    tag: 'investments',
    summary: "A user's payouts across investments (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    query: zPageQuery,
    response: zReturnUpdatePage,
    errors: ['NOT_FOUND'],
  }),
  setCompounding: route({
    method: 'PUT',
    path: '/investments/:id/compounding',
    tag: 'investments',
    summary: 'Change the share of each payout added to the principal (the investor; from the next payout)',
    access: 'user',
    params: zIdParam,
    body: zCompoundingRequest,
    response: zInvestmentChanged,
    errors: ['NOT_FOUND', 'NOT_RUNNING', 'BUSINESS_RULE'],
  }),
  end: route({
    method: 'POST',
    path: '/investments/:id/end',
    tag: 'investments',
    summary: 'End an open-ended investment (the investor, after its lock): principal back less the exit fee',
    access: 'user',
    params: zIdParam,
    response: zInvestmentChanged,
    errors: ['NOT_FOUND', 'NOT_RUNNING', 'BUSINESS_RULE', 'INVESTMENT_LOCKED', 'MAINTENANCE'],
  }),
  cancel: route({
    method: 'POST',
    path: '/investments/:id/cancel',
    tag: 'investments',
    summary: 'Cancel a running investment (admin): principal back to available',
    access: 'admin',
    params: zIdParam,
    response: zInvestmentCancelled,
    errors: ['NOT_FOUND', 'NOT_RUNNING'],
  }),
};
