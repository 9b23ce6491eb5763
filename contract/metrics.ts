import { z } from 'zod';
import { zIdParam } from './pagination';
import { route, type Route } from './route';
import { zSiteHealth } from './site-health';

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
export type PlanMetrics = z.infer<typeof zPlanMetrics>;

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
export type UserInvestmentMetrics = z.infer<typeof zUserInvestmentMetrics>;

export const CHART_PERIODS = ['week', 'month', 'year'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
/** `?period=week|month|year` (a month when absent). */
export const zChartPeriodQuery = z.object({ period: z.enum(CHART_PERIODS).default('month') });
/** `/:period` in a chart path: week, month or year. */
export const zChartPeriodParam = z.object({ period: z.enum(CHART_PERIODS) });

export const zAccountMetrics = z.object({
  totalBalance: z.number(),
  availableBalance: z.number(),
  investedBalance: z.number(),
  withdrawalHold: z.number(),
  totalTransactions: z.number(),
  activeInvestments: z.number(),
  accountLevel: z.string(),
});

/**
 * `GET /api/metrics/user-dashboard/:id` (spec §3 Dashboard metrics). Money in dollars (2
 * decimals), counts as integers, percentages with 2 decimals. Every figure comes from the
 * ledger's cached balances and the transactions, investments and users tables:
 */
export const zUserDashboardMetrics = z.object({
  /** available + invested + withdrawal_hold: everything the user owns on the platform. */
  accountBalance: z.number(),
  /** Sum of the user's deposits still waiting (deposit transactions `pending`, incl. deposits in review). */
  totalPendingDeposits: z.number(),
  /** Users who registered with this user as their referrer (direct referrals), soft-deleted ones excluded. */
  totalReferralsCount: z.number().int(),
  /** Sum of the user's credited deposits (deposit and manual_deposit transactions `completed`). */
  totalDeposits: z.number(),
  /** How many credited deposits make up totalDeposits. */
  totalDepositsCount: z.number().int(),
  /** How many investments the user has made (running, ended or cancelled). */
  totalInvestments: z.number().int(),
  /** Principal of every investment the user has made (cancelled ones too: they paid returns while they ran). */
  totalInvested: z.number(),
  /** Daily returns paid to the user so far, over all their investments. */
  totalReturns: z.number(),
  /** totalReturns ÷ totalInvested × 100; 0 before the first investment. */
  investmentROI: z.number(),
  /** Settled withdrawals (the gross amount that left the account, fee included). */
  totalWithdrawals: z.number(),
  /**
   * The profit or loss on the money put in: accountBalance − (totalDeposits − totalWithdrawals).
   * Returns and referral bonuses raise it; withdrawal fees and negative adjustments lower it.
   */
  principalChange: z.number(),
  /** principalChange ÷ (totalDeposits − totalWithdrawals) × 100; 0 when nothing net is deposited. */
  principalChangePercent: z.number(),
});
export type UserDashboardMetrics = z.infer<typeof zUserDashboardMetrics>;

/**
 * `GET /api/metrics/dashboard` (staff; spec §3 Admin metrics) with the platform overview
 * figures. Users are counted without soft-deleted ones (deletedAt set), every role included.
 */
export const zAdminDashboardMetrics = z.object({
  totalUsers: z.number().int(),
  /** Every transaction record, whatever its type and status. */
  totalTransactions: z.number().int(),
  /** Principal of every investment ever made (running, ended or cancelled). */
  totalInvestmentVolume: z.number(),
  /** Running investments and their locked principal. */
  activeInvestments: z.number().int(),
  activeInvestmentPrincipal: z.number(),
  /** Credited deposits (deposit and manual_deposit transactions `completed`). */
  totalDepositVolume: z.number(),
  /** Settled withdrawals, gross. */
  totalWithdrawalVolume: z.number(),
  /** Returns paid to investors so far. */
  totalReturnsPaid: z.number(),
  /** What the platform owes its users: the sum of every user account balance. */
  totalUserBalances: z.number(),
  /** Deposits and withdrawals waiting for staff. */
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
});
export type AdminDashboardMetrics = z.infer<typeof zAdminDashboardMetrics>;

/** `GET /api/metrics/dashboard-chart?period=` (staff): the admin dashboard's three charts. */
export const zAdminDashboardChart = z.object({
  /** Labels per day (week, month) or month (year); datasets "New users" and "Total users". */
  userGrowth: zChart,
  /** Same buckets; datasets "Deposits ($)", "Withdrawals ($)", "Investments ($)" (completed money only). */
  transactionVolume: zChart,
  /** Running principal per plan; one dataset "Active principal ($)". */
  investmentDistribution: zChart,
});
export type AdminDashboardChart = z.infer<typeof zAdminDashboardChart>;

/** `GET /api/metrics/users` (staff; spec §3 User metrics), soft-deleted users excluded. */
export const zUserMetrics = z.object({
  totalUsers: z.number().int(),
  /** Registered since 00:00 UTC today. */
  newUsersToday: z.number().int(),
  /** Users with status `active` ÷ totalUsers × 100 (2 decimals); 0 without users. */
  activeUsersPercentage: z.number(),
});
export type UserMetrics = z.infer<typeof zUserMetrics>;

/** Platform deposit figures (Manage Deposits cards). */
export const zDepositMetrics = z.object({
  totalDeposits: z.number(),
  pendingDeposits: z.number(),
  settledDeposits: z.number(),
  totalDepositAmount: z.number(),
  /** totalDepositAmount / settledDeposits, 2 decimals; 0 when none. */
  averageAmount: z.number(),
});

/** A user's deposits and withdrawals: totals and the last 6 months. */
export const zUserTransactionMetrics = z.object({
  totalDeposits: z.number(),
  pendingDeposits: z.number(),
  totalWithdrawals: z.number(),
  pendingWithdrawals: z.number(),
  /** Deposits and withdrawals per month over the last 6 months. */
  chart: zChart,
});

/** A metrics route: every one is a GET; a user's own figures answer 403/404 for someone else's. */
const metric = <const R extends Omit<Route, 'method' | 'tag' | 'errors'>>(r: R) =>
  route({
    ...r,
    method: 'GET',
    tag: 'metrics',
    errors: r.params === zIdParam ? (['FORBIDDEN', 'NOT_FOUND'] as const) : ([] as const),
  });

export const metricsApi = {
  account: metric({
    path: '/metrics/account/:id',
    summary: "A user's balances and account figures (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    response: zAccountMetrics,
  }),
  deposits: metric({
    path: '/metrics/deposits',
    summary: 'Platform deposit figures (staff)',
    access: 'staff',
    response: zDepositMetrics,
  }),
  userTransactions: metric({
    path: '/metrics/user-transactions/:id',
    summary: "A user's deposits and withdrawals: totals and the last 6 months (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    response: zUserTransactionMetrics,
  }),
  plans: metric({
    path: '/metrics/plans',
    summary: 'Plan Management figures (staff)',
    access: 'staff',
    response: zPlanMetrics,
  }),
  investments: metric({
    path: '/metrics/investments',
    summary: 'Platform investment figures (staff)',
    access: 'staff',
    response: zPlatformInvestmentMetrics,
  }),
  userInvestments: metric({
    path: '/metrics/user-investment-metrics/:id',
    summary: "A user's investment figures (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    response: zUserInvestmentMetrics,
  }),
  returnsChart: metric({
    path: '/metrics/investment-returns-chart',
    summary: 'Platform payouts over time (staff)',
    access: 'staff',
    query: zChartPeriodQuery,
    response: zChart,
  }),
  userReturnsChart: metric({
    path: '/metrics/user-investment-returns-chart/:id',
    summary: "A user's payouts over time (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    query: zChartPeriodQuery,
    response: zChart,
  }),
  ownReturnsChart: metric({
    path: '/metrics/investment-chart/:period',
    summary: "The caller's payouts over a week, month or year (Investments page)",
    access: 'user',
    params: zChartPeriodParam,
    response: zChart,
  }),
  userDashboard: metric({
    path: '/metrics/user-dashboard/:id',
    summary: "A user's dashboard figures (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    response: zUserDashboardMetrics,
  }),
  dashboard: metric({
    path: '/metrics/dashboard',
    summary: 'Platform overview of the admin dashboard (staff)',
    access: 'staff',
    response: zAdminDashboardMetrics,
  }),
  dashboardChart: metric({
    path: '/metrics/dashboard-chart',
    summary: 'User growth, transaction volume and investment distribution (staff)',
    access: 'staff',
    query: zChartPeriodQuery,
    response: zAdminDashboardChart,
  }),
  users: metric({
    path: '/metrics/users',
    summary: 'User counts: total, new today, active share (staff)',
    access: 'staff',
    response: zUserMetrics,
  }),
  siteHealth: metric({
    path: '/metrics/site-health',
    summary: 'Site health for the Site Settings screen (staff)',
    access: 'staff',
    response: zSiteHealth,
  }),
};
