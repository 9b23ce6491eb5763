import { useQuery } from '@tanstack/react-query';
import type { AdminDashboardChart, AdminDashboardMetrics, UserDashboardMetrics, UserMetrics } from '@contract/metrics';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const metricsApi = apiOf('metricsApi');
const pricesApi = apiOf('pricesApi');

/** Hooks of the two dashboards (spec §2 Dashboard, admin Dashboard; §3 metrics). */
export type { AdminDashboardChart, AdminDashboardMetrics, UserDashboardMetrics, UserMetrics };
export type DashboardPeriod = 'week' | 'month' | 'year';

/** Spec §4 and §9: dashboard data is cached for 10 minutes (a user's own money moves refresh it at once). */
export const DASHBOARD_STALE_MS = 10 * 60_000;

/**
 * The dashboards' routes: the money and investment mutations (api/funds.ts,
 * api/investments.ts) invalidate them after the user's own deposit, withdrawal or
 * investment, so a 10-minute cache never shows a stale balance after one.
 */
export const DASHBOARD_ROOTS: string[] = [
  metricsApi.userDashboard.path,
  metricsApi.dashboard.path,
  metricsApi.dashboardChart.path,
  metricsApi.users.path,
];

export function useUserDashboard(userId: number) {
  return useQuery({
    queryKey: keyOf(metricsApi.userDashboard, { params: { id: userId } }),
    queryFn: ({ signal }) => call(metricsApi.userDashboard, { params: { id: userId } }, { signal }),
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
    queryKey: keyOf(metricsApi.dashboard),
    queryFn: ({ signal }) => call(metricsApi.dashboard, {}, { signal }),
    staleTime: DASHBOARD_STALE_MS,
  });
}

export function useAdminDashboardChart(period: DashboardPeriod) {
  return useQuery({
    queryKey: keyOf(metricsApi.dashboardChart, { query: { period } }),
    queryFn: ({ signal }) => call(metricsApi.dashboardChart, { query: { period } }, { signal }),
    staleTime: DASHBOARD_STALE_MS,
  });
}

export function useUserMetrics() {
  return useQuery({
    queryKey: keyOf(metricsApi.users),
    queryFn: ({ signal }) => call(metricsApi.users, {}, { signal }),
    staleTime: DASHBOARD_STALE_MS,
  });
}
