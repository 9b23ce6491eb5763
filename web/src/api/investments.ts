import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Investment, ReturnUpdate } from '@contract/investments';
import type { Chart } from '@contract/metrics';
import type { Page } from '@contract/pagination';
import { plansApi, type Plan } from '@contract/plans';
import { call, keyOf } from './call';
import { apiFetch } from './client';
import { DASHBOARD_ROOTS } from './dashboard';

/** Hooks of the investment screens: plans, investments, payouts and their metrics. */
export type { Chart, Investment, Plan, ReturnUpdate };
export type ChartPeriod = 'week' | 'month' | 'year';

export interface UserInvestmentMetrics {
  totalInvestmentBalance: number;
  totalInvestmentPrincipal: number;
  totalInvestmentReturns: number;
}

export interface PlanMetrics {
  totalPlans: number;
  totalSubscriptions: number;
  totalRevenue: number;
  planSubscriptionData: Chart;
  planRevenueData: Chart;
}

export interface PlanInput {
  name: string;
  description: string;
  duration: string;
  interestRate: string;
  minimumInvestment: string;
  maximumInvestment: string;
}

export interface InvestmentFilters {
  status?: string;
  planId?: string;
  userId?: string;
  startDate?: string;
}

/** Every query key of this file starts with one of these, so a write refreshes them all. */
const INVESTMENT_ROOTS = [
  plansApi.list.path,
  'plan-metrics',
  'investments',
  'all-investments',
  'returns',
  'investment-metrics',
  'investment-chart',
  ...DASHBOARD_ROOTS,
];
const refreshAll = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ predicate: (q) => INVESTMENT_ROOTS.includes(String(q.queryKey[0])) });

const plansInput = (includeArchived: boolean) => ({
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

export function usePlanMetrics() {
  return useQuery({
    queryKey: ['plan-metrics'],
    queryFn: ({ signal }) => apiFetch<PlanMetrics>('/metrics/plans', { signal }),
  });
}

export function useUserInvestments(userId: number, page: number, limit: number) {
  return useQuery({
    queryKey: ['investments', userId, page, limit],
    queryFn: ({ signal }) =>
      apiFetch<Page<Investment>>(`/investments/user/plans/${userId}?page=${page}&limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAllInvestments(page: number, filters: InvestmentFilters) {
  const params = new URLSearchParams({ page: String(page), limit: '10' });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return useQuery({
    queryKey: ['all-investments', params.toString()],
    queryFn: ({ signal }) => apiFetch<Page<Investment>>(`/investments/all?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserReturns(userId: number, page: number) {
  return useQuery({
    queryKey: ['returns', userId, page],
    queryFn: ({ signal }) =>
      apiFetch<Page<ReturnUpdate>>(`/investments/user/returns/${userId}?page=${page}&limit=6`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserInvestmentMetrics(userId: number) {
  return useQuery({
    queryKey: ['investment-metrics', userId],
    queryFn: ({ signal }) => apiFetch<UserInvestmentMetrics>(`/metrics/user-investment-metrics/${userId}`, { signal }),
  });
}

export function useInvestmentChart(period: ChartPeriod) {
  return useQuery({
    queryKey: ['investment-chart', period],
    queryFn: ({ signal }) => apiFetch<Chart>(`/metrics/investment-chart/${period}`, { signal }),
  });
}

export function useInvest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { planId: number; amount: string }) =>
      apiFetch<{ message: string; data: { investment: Investment } }>('/investments', { method: 'POST', body }),
    onSuccess: () => void refreshAll(queryClient),
  });
}

export function useCancelInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<{ message: string }>(`/investments/${id}/cancel`, { method: 'POST', body: {} }),
    onSuccess: () => void refreshAll(queryClient),
  });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: PlanInput }) =>
      id ? call(plansApi.update, { params: { id }, body: values }) : call(plansApi.create, { body: values }),
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
