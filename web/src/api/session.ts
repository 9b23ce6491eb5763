import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiFetch } from './client';
import { queryKeys } from './queries';

export type Role = 'admin' | 'moderator' | 'user';

export interface Session {
  role: Role;
  userName: string | null;
}

/**
 * Loose reading of GET /verify-auth-token (spec §7: `token {id, role, deviceId}`, session
 * user `{role, userName}`); the auth issue fixes the shape in contract/.
 */
function toSession(payload: unknown): Session | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as { role?: unknown; userName?: unknown; token?: { role?: unknown }; user?: { userName?: unknown } };
  const role = p.role ?? p.token?.role;
  if (role !== 'admin' && role !== 'moderator' && role !== 'user') return null;
  const userName = p.userName ?? p.user?.userName;
  return { role, userName: typeof userName === 'string' ? userName : null };
}

async function fetchSession(signal: AbortSignal): Promise<Session | null> {
  try {
    return toSession(await apiFetch<unknown>('/verify-auth-token', { signal }));
  } catch (err) {
    // 401: not logged in; 404: the endpoint is not there yet. Both mean "logged out".
    if (err instanceof ApiError && (err.status === 401 || err.status === 404)) return null;
    throw err;
  }
}

export function useSession() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => fetchSession(signal),
    retry: false,
    staleTime: 60_000,
  });
}

/** Ends the session on the server (errors ignored: logging out must always succeed locally). */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await apiFetch<unknown>('/auth/logout', { method: 'POST' });
    } catch {
      // Already logged out or the server is unreachable: the local state is cleared anyway.
    }
    // Drop every cached user's data; public settings stay valid.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.publicSettings[0] });
    queryClient.setQueryData(queryKeys.session, null);
  }, [queryClient]);
}
