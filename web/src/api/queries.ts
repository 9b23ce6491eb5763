import { MutationCache, QueryCache, QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call, keyOf } from './call';
import { ApiError, isUnavailable } from './client';
import { setSessionHint } from './storage';
import { apiOf } from './routes';

const settingsApi = apiOf('settingsApi');

/** Reads retried while the service is unavailable: with Retry-After's 5 s, about half a minute. */
export const OUTAGE_RETRIES = 5;
const MIN_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/**
 * Whether a failed read is tried again (`failures` before this one): while the service is
 * unavailable, up to OUTAGE_RETRIES times; another 5xx once more; a 4xx answer never.
 */
export function retryRead(failures: number, error: unknown): boolean {
  if (isUnavailable(error)) return failures < OUTAGE_RETRIES;
  return failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/** For a read that is otherwise never retried (the session check): only while the service is unavailable. */
export const retryOnlyOutage = (failures: number, error: unknown): boolean =>
  isUnavailable(error) && failures < OUTAGE_RETRIES;

/** The wait before the next try: the server's Retry-After when it gave one, else doubling from 1 s. */
export function retryDelay(failures: number, error: unknown): number {
  const asked = error instanceof ApiError ? error.retryAfterMs : undefined;
  const wait = asked ?? MIN_RETRY_MS * 2 ** failures;
  return Math.min(Math.max(wait, MIN_RETRY_MS), MAX_RETRY_MS);
}

/** Some read failed because the service is unavailable and is waiting to be tried again (or for the network). */
export function retryingAfterOutage(client: QueryClient): boolean {
  return client
    .getQueryCache()
    .getAll()
    .some(
      ({ state }) =>
        state.fetchStatus !== 'idle' && state.fetchFailureCount > 0 && isUnavailable(state.fetchFailureReason),
    );
}

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
        retry: retryRead,
        retryDelay,
      },
      // Never sent again on their own: a money request is the user's to repeat (its idempotency
      // key makes a repeat safe, but whether to repeat is theirs to decide).
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryKeys = {
  publicSettings: keyOf(settingsApi.public),
  session: ['session'] as const,
};

export const DEFAULT_SITE_NAME = 'MineVest';

export const publicSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.publicSettings,
    queryFn: ({ signal }) => call(settingsApi.public, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export function usePublicSettings() {
  return useQuery(publicSettingsQuery());
}

/** The site name from public settings, or the default while loading or on failure. */
export function useSiteName(): string {
  const { data } = usePublicSettings();
  return data?.siteName || DEFAULT_SITE_NAME;
}
