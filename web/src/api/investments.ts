import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Investment, ReturnUpdate, zInvestmentFilters } from '@contract/investments';
import type { Chart, ChartPeriod, PlanMetrics, UserInvestmentMetrics } from '@contract/metrics';
import type { Plan, PlanRequest } from '@contract/plans';
import { call, keyOf } from './call';
import { DASHBOARD_ROOTS } from './dashboard';
import { apiOf } from './routes';

const investmentsApi = apiOf('investmentsApi');
const metricsApi = apiOf('metricsApi');
const plansApi = apiOf('plansApi');

/** Hooks of the investment screens: plans, investments, payouts and their metrics. */
export type { Chart, ChartPeriod, Investment, Plan, PlanMetrics, PlanRequest, ReturnUpdate, UserInvestmentMetrics };

/** Manage Investments' filters: any of the list query's filter fields. */
export type InvestmentFilters = Partial<z.output<typeof zInvestmentFilters>>;

/** Every query key of this file starts with one of these, so a write refreshes them all. */
const INVESTMENT_ROOTS = [
  plansApi.list.path,
  metricsApi.plans.path,
  investmentsApi.ofUser.path,
  investmentsApi.all.path,
  investmentsApi.userReturns.path,
  metricsApi.userInvestments.path,
  metricsApi.ownReturnsChart.path,
  // Investing moves the available balance (Quick Invest's offers and the money screens read it).
  metricsApi.account.path,
  ...DASHBOARD_ROOTS,
];
const refreshAll = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ predicate: (q) => INVESTMENT_ROOTS.includes(String(q.queryKey[0])) });

export const plansInput = (includeArchived: boolean) => ({
  query: includeArchived ? { includeArchived: 'true' as const } : {},
});
/** The cache key of the plan list (the home page's pre-render fills it too). */
export const plansKey = (includeArchived: boolean) => keyOf(plansApi.list, plansInput(includeArchived));

export function usePlans(includeArchived = false) {
  return useQuery({
    queryKey: plansKey(includeArchived),
    queryFn: ({ signal }) => call(plansApi.list, plansInput(includeArchived), { signal }),
    select: (r) => r.data,
  });
}

/** The upcoming holidays sent with the plans (the same cached answer): working-days estimates skip them. */
export function useHolidays(): readonly string[] {
  return (
    useQuery({
      queryKey: plansKey(false),
      queryFn: ({ signal }) => call(plansApi.list, plansInput(false), { signal }),
      select: (r) => r.holidays,
    }).data ?? NO_HOLIDAYS
  );
}
const NO_HOLIDAYS: readonly string[] = [];

export function usePlanMetrics() {
  return useQuery({
    queryKey: keyOf(metricsApi.plans),
    queryFn: ({ signal }) => call(metricsApi.plans, {}, { signal }),
  });
}

/** A page of a user's investments, as the grids ask for it. */
export const userInvestmentsInput = (userId: number, page: number, limit: number) => ({
  params: { id: userId },
  query: { page, limit },
});

export function useUserInvestments(userId: number, page: number, limit: number) {
  const input = userInvestmentsInput(userId, page, limit);
  return useQuery({
    queryKey: keyOf(investmentsApi.ofUser, input),
    queryFn: ({ signal }) => call(investmentsApi.ofUser, input, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAllInvestments(page: number, filters: InvestmentFilters) {
  const input = { query: { page, limit: 10, ...filters } };
  return useQuery({
    queryKey: keyOf(investmentsApi.all, input),
    queryFn: ({ signal }) => call(investmentsApi.all, input, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserReturns(userId: number, page: number) {
  const input = { params: { id: userId }, query: { page, limit: 6 } };
  return useQuery({
    queryKey: keyOf(investmentsApi.userReturns, input),
    queryFn: ({ signal }) => call(investmentsApi.userReturns, input, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserInvestmentMetrics(userId: number) {
  return useQuery({
    queryKey: keyOf(metricsApi.userInvestments, { params: { id: userId } }),
    queryFn: ({ signal }) => call(metricsApi.userInvestments, { params: { id: userId } }, { signal }),
  });
}

/** The period the performance chart opens on. */
export const DEFAULT_CHART_PERIOD: ChartPeriod = 'month';
/** Investments per page of a grid on a phone (and as the server draws one, not knowing the width). */
export const NARROW_PAGE_SIZE = 1;

export const investmentChartInput = (period: ChartPeriod) => ({ params: { period } });

export function useInvestmentChart(period: ChartPeriod) {
  return useQuery({
    queryKey: keyOf(metricsApi.ownReturnsChart, investmentChartInput(period)),
    queryFn: ({ signal }) => call(metricsApi.ownReturnsChart, investmentChartInput(period), { signal }),
  });
}

export function useInvest() {
  const queryClient = useQueryClient();
  return useMutation({
    // compoundPercent: the share of each payout the investor reinvests, within the plan's range.
    mutationFn: (body: { planId: number; amount: string; compoundPercent?: number }) =>
      call(investmentsApi.create, { body }),
    onSuccess: () => void refreshAll(queryClient),
    // A refusal means what the screen showed (balance, plan) was out of date.
    onError: () => void refreshAll(queryClient),
  });
}

export function useCancelInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(investmentsApi.cancel, { params: { id } }),
    onSuccess: () => void refreshAll(queryClient),
  });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PlanRequest }) =>
      id ? call(plansApi.update, { params: { id }, body }) : call(plansApi.create, { body }),
    onSuccess: () => void refreshAll(queryClient),
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(plansApi.remove, { params: { id } }),
    onSuccess: () => void refreshAll(queryClient),
  });
}

/** The investor changes the compounding of their investment (from its next payout). */
export function useSetCompounding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, percent }: { id: number; percent: number }) =>
      call(investmentsApi.setCompounding, { params: { id }, body: { percent } }),
    onSuccess: () => void refreshAll(queryClient),
  });
}

/** The investor ends an open-ended investment. */
export function useEndInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(investmentsApi.end, { params: { id } }),
    onSuccess: () => void refreshAll(queryClient),
    onError: () => void refreshAll(queryClient),
  });
}
