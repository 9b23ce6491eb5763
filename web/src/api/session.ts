import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionUser } from '@contract/auth';
import type { Role } from '@contract/users';
import { adoptAccountLocale } from '../i18n/locale';
import { call } from './call';
import { ApiError } from './client';
import { queryKeys, retryOnlyOutage } from './queries';
import { clearPending2fa, hasSessionHint, setSessionHint } from './storage';
import { apiOf } from './routes';

const authApi = apiOf('authApi');

export type { Role };

/** Who is logged in on this browser (GET /verify-auth-token). */
export interface Session {
  id: number;
  role: Role;
  userName: string;
  /** Staff the site requires a passkey or TOTP of, who have neither: Security Settings before the admin area. */
  secondFactorRequired: boolean;
}

/** The session check main.tsx started before the first screen's code had loaded, not yet used. */
let early: ReturnType<typeof askWhoAmI> | null = null;
const askWhoAmI = (signal?: AbortSignal) => call(authApi.whoAmI, {}, signal ? { signal } : {});

/**
 * Asks the server who is signed in at start-up, beside the first page's code instead of after
 * it; the first session read then takes this answer.
 */
export function startSessionCheck(): void {
  if (!hasSessionHint()) return;
  early = askWhoAmI();
  // Handled where it is read; this only keeps a failure from being reported as unhandled.
  early.catch(() => undefined);
}

/** The session the screens hold, from the session check's answer (also the server's render, signed-in.tsx). */
export const sessionOf = (user: Session): Session => ({
  id: user.id,
  role: user.role,
  userName: user.userName,
  secondFactorRequired: user.secondFactorRequired,
});

async function fetchSession(signal: AbortSignal): Promise<Session | null> {
  // Never logged in on this browser: no need to ask.
  if (!hasSessionHint()) return null;
  const started = early;
  early = null;
  try {
    const { user } = await (started ?? askWhoAmI(signal));
    await adoptAccountLocale(user.locale);
    return sessionOf(user);
  } catch (err) {
    // 401: the session ended (expired, logged out elsewhere, disconnected).
    if (err instanceof ApiError && err.status === 401) {
      setSessionHint(false);
      return null;
    }
    throw err;
  }
}

export const sessionQuery = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => fetchSession(signal),
    // Any other failure shows at once; an outage is waited out (with the notice) like other reads.
    retry: retryOnlyOutage,
    staleTime: 60_000,
  });

export function useSession() {
  return useQuery(sessionQuery());
}

/** Drops every cached user's data; public settings stay valid. */
function useResetUserData() {
  const queryClient = useQueryClient();
  return useCallback(
    (session: Session | null) => {
      queryClient.removeQueries({
        predicate: (query) =>
          query.queryKey[0] !== queryKeys.publicSettings[0] && query.queryKey[0] !== queryKeys.session[0],
      });
      queryClient.setQueryData(queryKeys.session, session);
    },
    [queryClient],
  );
}

/** Records a completed login (the server has set the cookie). */
export function useSignIn(): (user: SessionUser, secondFactorRequired: boolean) => void {
  const reset = useResetUserData();
  return useCallback(
    (user: SessionUser, secondFactorRequired: boolean) => {
      clearPending2fa();
      setSessionHint(true);
      reset({ id: user.id, role: user.role, userName: user.userName, secondFactorRequired });
    },
    [reset],
  );
}

/** Ends the session on the server (errors ignored: logging out must always succeed locally). */
export function useLogout(): () => Promise<void> {
  const reset = useResetUserData();
  return useCallback(async () => {
    try {
      await call(authApi.logout);
    } catch {
      // Already logged out or the server is unreachable: the local state is cleared anyway.
    }
    setSessionHint(false);
    clearPending2fa();
    reset(null);
  }, [reset]);
}
