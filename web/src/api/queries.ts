import { MutationCache, QueryCache, QueryClient, useQuery } from '@tanstack/react-query';
import { settingsApi } from '@contract/settings';
import { call, keyOf } from './call';
import { ApiError } from './client';
import { setSessionHint } from './storage';

/** A call answered "not logged in": the session ended, so the guard's login popup opens. */
const sessionLost = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && error.code === 'UNAUTHENTICATED';

export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (!sessionLost(error) || !client.getQueryData(queryKeys.session)) return;
    setSessionHint(false);
    client.setQueryData(queryKeys.session, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry; network and server failures might.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
  return client;
}

export const queryKeys = {
  publicSettings: keyOf(settingsApi.public),
  session: ['session'] as const,
};

export const DEFAULT_SITE_NAME = 'MineVest';

export function usePublicSettings() {
  return useQuery({
    queryKey: queryKeys.publicSettings,
    queryFn: ({ signal }) => call(settingsApi.public, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The site name from public settings, or the default while loading or on failure. */
export function useSiteName(): string {
  const { data } = usePublicSettings();
  return data?.siteName || DEFAULT_SITE_NAME;
}
