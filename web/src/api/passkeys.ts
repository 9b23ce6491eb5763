import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { RemovePasskey } from '@contract/passkeys';
import { call, keyOf } from './call';
import { ApiError } from './client';
import { queryKeys } from './queries';
import { apiOf } from './routes';

const activityApi = apiOf('activityApi');
const passkeysApi = apiOf('passkeysApi');
const usersApi = apiOf('usersApi');

/** The caller's own passkeys (Security Settings) and signing in with one (the login page). */

export function usePasskeys() {
  return useQuery({
    queryKey: keyOf(passkeysApi.list),
    queryFn: ({ signal }) => call(passkeysApi.list, {}, { signal }),
    select: (r) => r.data,
  });
}

/**
 * A passkey added or removed: the list, the profile (its security hold), the security activity,
 * and the session (a staff member's first passkey opens the admin area) change with it.
 */
function usePasskeysChanged() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [keyOf(passkeysApi.list), keyOf(usersApi.profile), keyOf(activityApi.ofUser)])
      void queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  };
}

/** Options from the server, the browser's passkey prompt, then the answer back to the server. */
export function useAddPasskey() {
  const changed = usePasskeysChanged();
  return useMutation({
    mutationFn: async (name: string) => {
      const optionsJSON = await call(passkeysApi.registrationOptions);
      const response = await startRegistration({ optionsJSON });
      return call(passkeysApi.add, { body: { name, response } });
    },
    onSuccess: changed,
  });
}

/** Removes passkey `id`, confirmed with the password, or (`withPasskey`) with another passkey's prompt. */
export function useRemovePasskey() {
  const changed = usePasskeysChanged();
  return useMutation({
    mutationFn: async (input: { id: number; password: string } | { id: number; withPasskey: true }) => {
      let body: RemovePasskey;
      if ('password' in input) body = { password: input.password };
      else {
        const optionsJSON = await call(passkeysApi.removalOptions, { params: { id: input.id } });
        body = { passkey: await startAuthentication({ optionsJSON }) };
      }
      return call(passkeysApi.remove, { params: { id: input.id }, body });
    },
    onSuccess: changed,
  });
}

/** The login page's passkey sign-in: no user name, the browser offers the passkeys it holds for this site. */
export async function signInWithPasskey(rememberMe: boolean) {
  const optionsJSON = await call(passkeysApi.signInOptions);
  const response = await startAuthentication({ optionsJSON });
  return call(passkeysApi.signIn, { body: { response, rememberMe } });
}

// The browser library's code (not one of the API's): this device already holds a passkey here.
const PREVIOUSLY_REGISTERED: WebAuthnError['code'] = 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';

/** Why the browser's passkey prompt gave nothing: closed or timed out, or this device holds one already. */
export function passkeyPromptFailure(error: unknown): 'cancelled' | 'alreadyRegistered' | null {
  if (error instanceof ApiError) return null;
  if (error instanceof WebAuthnError && error.code === PREVIOUSLY_REGISTERED) return 'alreadyRegistered';
  return 'cancelled';
}
