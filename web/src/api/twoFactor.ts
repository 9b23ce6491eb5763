import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorDisable } from '@contract/twofactor';
import { call, keyOf } from './call';
import { queryKeys } from './queries';
import { apiOf } from './routes';

const activityApi = apiOf('activityApi');
const twoFactorApi = apiOf('twoFactorApi');
const usersApi = apiOf('usersApi');

/** Two-factor setup and management of the caller's own account. */
export type { TwoFactorSetup } from '@contract/twofactor';

/**
 * Starts a setup (a new secret each visit). A query, not a mutation, so that a double mount
 * shares one request and the QR code shown is always the secret the server keeps.
 */
export function useTwoFactorSetup(userId: number) {
  const input = { params: { id: userId } };
  return useQuery({
    queryKey: keyOf(twoFactorApi.setup, input),
    queryFn: () => call(twoFactorApi.setup, input),
    enabled: userId > 0,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

function useInvalidateSecurity() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: keyOf(usersApi.profile) });
    void queryClient.invalidateQueries({ queryKey: keyOf(activityApi.ofUser) });
    // A staff member's TOTP may be what the site requires before the admin area opens.
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  };
}

export function useCompleteTwoFactor(userId: number) {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (token: string) => call(twoFactorApi.complete, { params: { id: userId }, body: { token } }),
    onSuccess: invalidate,
  });
}

export function useDisableTwoFactor(userId: number) {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (proof: TwoFactorDisable) => call(twoFactorApi.disable, { params: { id: userId }, body: proof }),
    onSuccess: invalidate,
  });
}

export function useRegenerateRecoveryCodes(userId: number) {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (token: string) => call(twoFactorApi.recoveryCodes, { params: { id: userId }, body: { token } }),
    onSuccess: invalidate,
  });
}
