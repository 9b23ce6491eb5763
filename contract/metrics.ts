import { z } from 'zod';

/** Chart.js data: labels and datasets of numbers. */
export const zChart = z.object({
  labels: z.array(z.string()),
  datasets: z.array(z.object({ label: z.string(), data: z.array(z.number()) })),
});
export type Chart = z.infer<typeof zChart>;

export const zPlanMetrics = z.object({
  totalPlans: z.number(),
  totalSubscriptions: z.number(),
  totalRevenue: z.number(),
  planSubscriptionData: zChart,
  planRevenueData: zChart,
});

export const zPlatformInvestmentMetrics = z.object({
  totalInvestmentAmount: z.number(),
  activeInvestors: z.number(),
  successRate: z.number(),
  totalInvestors: z.number(),
});

export const zUserInvestmentMetrics = z.object({
  totalInvestmentBalance: z.number(),
  totalInvestmentPrincipal: z.number(),
  totalInvestmentReturns: z.number(),
});

export const CHART_PERIODS = ['week', 'month', 'year'] as const;

export const zAccountMetrics = z.object({
  totalBalance: z.number(),
  availableBalance: z.number(),
  investedBalance: z.number(),
  withdrawalHold: z.number(),
  totalTransactions: z.number(),
  activeInvestments: z.number(),
  accountLevel: z.string(),
});
