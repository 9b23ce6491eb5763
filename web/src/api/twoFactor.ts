import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activityApi } from '@contract/activity';
import { usersApi } from '@contract/users';
import { keyOf } from './call';
import { apiFetch } from './client';

/** Two-factor setup and management of the caller's own account. */
export interface TwoFactorSetup {
  qrCode: string;
  secret: string;
  otpauthUrl: string;
}

/**
 * Starts a setup (a new secret each visit). A query, not a mutation, so that a double mount
 * shares one request and the QR code shown is always the secret the server keeps.
 */
export function useTwoFactorSetup(userId: number) {
  return useQuery({
    queryKey: ['2fa-setup', userId],
    queryFn: () => apiFetch<TwoFactorSetup>(`/users/setup2fa/${userId}`, { method: 'POST' }),
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
  };
}

export function useCompleteTwoFactor(userId: number) {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<{ message: string; recoveryCodes: string[] }>(`/users/verify2fa-setup/${userId}`, {
        method: 'POST',
        body: { token },
      }),
    onSuccess: invalidate,
  });
}

export function useDisableTwoFactor(userId: number) {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (proof: { token: string } | { password: string }) =>
      apiFetch<{ message: string }>(`/users/disable2fa/${userId}`, { method: 'POST', body: proof }),
    onSuccess: invalidate,
  });
}

export function useRegenerateRecoveryCodes(userId: number) {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<{ recoveryCodes: string[] }>(`/users/${userId}/recovery-codes`, { method: 'POST', body: { token } }),
    onSuccess: invalidate,
  });
}
