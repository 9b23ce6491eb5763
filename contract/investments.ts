import { z } from 'zod';
import { zPositiveMoneyIn } from './money';

export const InvestMsg = {
  created: 'Investment created successfully',
  invalid: 'Please enter a valid investment amount and select a plan.',
  belowMin: (min: string) => `The minimum investment for this plan is $${min}`,
  aboveMax: (max: string) => `The maximum investment for this plan is $${max}`,
  insufficient: 'Insufficient balance: deposit funds to invest this amount',
  planClosed: 'This plan is not open for new investments',
  verifyEmail: 'Please verify your email address before investing',
  notActive: 'Your account is not active',
  maintenance: 'The platform is in maintenance: money actions are paused for now. Please try again later.',
  otherUser: 'You can only invest for your own account',
} as const;

export const zInvestRequest = z.object({
  planId: z.number({ message: InvestMsg.invalid }).int().positive(InvestMsg.invalid),
  amount: zPositiveMoneyIn,
  /** Ignored unless it names the caller: investing always uses the session's user. */
  userId: z.number().int().optional(),
  idempotencyKey: z.string().trim().min(8).max(100).optional(),
});

export const zInvestment = z.object({
  id: z.number(),
  userId: z.number(),
  planId: z.number(),
  planName: z.string(),
  principal: z.number(),
  returnRate: z.number(),
  interestRate: z.number(),
  duration: z.number(),
  totalReturn: z.number(),
  income: z.number(),
  paidDays: z.number(),
  progress: z.number(),
  status: z.enum(['running', 'ended', 'cancelled']),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
});
export type Investment = z.infer<typeof zInvestment>;

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
