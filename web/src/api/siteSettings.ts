import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsTestResult, SiteSettingsUpdate, SiteSettingsView } from '@contract/settings';
import type { SiteHealth } from '@contract/site-health';
import { call, keyOf } from './call';
import { queryKeys } from './queries';
import { apiOf } from './routes';

const settingsApi = apiOf('settingsApi');
const metricsApi = apiOf('metricsApi');

/** Hooks of the Site Settings screen: the settings, their test actions and site health. */
export type { SettingsTestResult, SiteHealth, SiteSettingsUpdate, SiteSettingsView };

const SETTINGS_KEY = keyOf(settingsApi.get);
const HEALTH_KEY = keyOf(metricsApi.siteHealth);

export function useSiteSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => call(settingsApi.get, {}, { signal }),
  });
}

/** Refreshed every 30 s while the screen is open: it is a live panel. */
export function useSiteHealth() {
  return useQuery({
    queryKey: HEALTH_KEY,
    queryFn: ({ signal }) => call(metricsApi.siteHealth, {}, { signal }),
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SiteSettingsUpdate) => call(settingsApi.update, { body: patch }),
    onSuccess: (view) => {
      queryClient.setQueryData(SETTINGS_KEY, view);
      void queryClient.invalidateQueries({ queryKey: HEALTH_KEY });
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicSettings });
    },
  });
}

export const useTestEmail = () =>
  useMutation({
    mutationFn: (to: string) => call(settingsApi.testEmail, { body: { to } }),
  });
export const useTestBtcpay = () =>
  useMutation({
    mutationFn: () => call(settingsApi.testBtcpay),
  });
export const useTestPayouts = () =>
  useMutation({
    mutationFn: () => call(settingsApi.testPayouts),
  });
