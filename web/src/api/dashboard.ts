import { useQuery } from '@tanstack/react-query';
import type { AdminDashboardChart, AdminDashboardMetrics, UserDashboardMetrics, UserMetrics } from '@contract/metrics';
import { pricesApi } from '@contract/prices';
import { call, keyOf } from './call';
import { apiFetch } from './client';

/** Hooks of the two dashboards (spec §2 Dashboard, admin Dashboard; §3 metrics). */
export type { AdminDashboardChart, AdminDashboardMetrics, UserDashboardMetrics, UserMetrics };
export type DashboardPeriod = 'week' | 'month' | 'year';

/** Spec §4 and §9: dashboard data is cached for 10 minutes (a user's own money moves refresh it at once). */
export const DASHBOARD_STALE_MS = 10 * 60_000;

/**
 * First segments of every dashboard query key: the money and investment mutations
 * (api/funds.ts, api/investments.ts) invalidate them after the user's own deposit,
 * withdrawal or investment, so a 10-minute cache never shows a stale balance after one.
 */
export const DASHBOARD_ROOTS = ['user-dashboard', 'admin-dashboard', 'admin-dashboard-chart', 'user-metrics'];

export const dashboardKeys = {
  user: (userId: number) => ['user-dashboard', userId] as const,
  admin: ['admin-dashboard'] as const,
  adminChart: (period: DashboardPeriod) => ['admin-dashboard-chart', period] as const,
  users: ['user-metrics'] as const,
};

export function useUserDashboard(userId: number) {
  return useQuery({
    queryKey: dashboardKeys.user(userId),
    queryFn: ({ signal }) => apiFetch<UserDashboardMetrics>(`/metrics/user-dashboard/${userId}`, { signal }),
    staleTime: DASHBOARD_STALE_MS,
    enabled: userId > 0,
  });
}

/** USD_BTC and USD_ETH: units of the coin per dollar (contract/prices.ts), for the balance equivalents. */
export function useUsdToCrypto(coin: 'BTC' | 'ETH') {
  return useQuery({
    queryKey: keyOf(pricesApi.rate, { params: { symbol: `USD_${coin}` } }),
    queryFn: ({ signal }) => call(pricesApi.rate, { params: { symbol: `USD_${coin}` } }, { signal }),
    staleTime: 60_000,
  });
}

export function useAdminDashboard() {
  return useQuery({
    queryKey: dashboardKeys.admin,
    queryFn: ({ signal }) => apiFetch<AdminDashboardMetrics>('/metrics/dashboard', { signal }),
    staleTime: DASHBOARD_STALE_MS,
  });
}

export function useAdminDashboardChart(period: DashboardPeriod) {
  return useQuery({
    queryKey: dashboardKeys.adminChart(period),
    queryFn: ({ signal }) => apiFetch<AdminDashboardChart>(`/metrics/dashboard-chart?period=${period}`, { signal }),
    staleTime: DASHBOARD_STALE_MS,
  });
}

export function useUserMetrics() {
  return useQuery({
    queryKey: dashboardKeys.users,
    queryFn: ({ signal }) => apiFetch<UserMetrics>('/metrics/users', { signal }),
    staleTime: DASHBOARD_STALE_MS,
  });
}
