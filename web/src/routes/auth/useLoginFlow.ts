import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { LoginResponse } from '@contract/auth';
import { deviceLimitOf, isEmailNotVerified, login, type DeviceLimit, type LoginInput } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { useSignIn } from '../../api/session';
import { savePending2fa } from '../../api/storage';
import { translateMessage } from '../../i18n/messages';
import { afterLoginPath } from '../../lib/paths';

/** Spec §9: after disconnecting a device the login is retried after 500 ms. */
export const RETRY_LOGIN_MS = 500;

/** Finishes a login answer: straight in, or on to the second factor. */
export function useFinishLogin(next: string | null) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signIn = useSignIn();
  return (response: LoginResponse) => {
    if (response.requires2FA && response.tempToken) {
      savePending2fa({ tempToken: response.tempToken, user: response.user, next });
      void navigate('/auth/otp-verify');
      return;
    }
    signIn(response.user);
    toast.success(translateMessage(response.message));
    if (response.mustChangePassword) toast.warning(t('login.mustChangePassword'));
    void navigate(afterLoginPath(response.user, response.mustChangePassword, next), { replace: true });
  };
}

/**
 * The outcomes of spec §4 Login: success, two-factor, device limit (modal, then a retry),
 * unverified email (notice with resend), or an error message.
 */
export function useLoginFlow(next: string | null) {
  const { t } = useTranslation('auth');
  const finish = useFinishLogin(next);
  const [deviceLimit, setDeviceLimit] = useState<(DeviceLimit & { input: LoginInput }) | null>(null);
  const [unverifiedFor, setUnverifiedFor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Set before the session appears, so the page's "already logged in" redirect stays out of the way.
  const [finished, setFinished] = useState(false);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      setFinished(true);
      finish(response);
    },
    onError: (err, input) => {
      const limit = deviceLimitOf(err);
      if (limit) setDeviceLimit({ ...limit, input });
      else if (isEmailNotVerified(err)) setUnverifiedFor(input.usernameOrEmail);
      else setError(errorMessage(err, t('login.failed')));
    },
  });

  const submit = (input: LoginInput) => {
    setError(null);
    setUnverifiedFor(null);
    mutation.mutate(input);
  };

  const onDisconnected = (message: string) => {
    toast.success(translateMessage(message));
    const input = deviceLimit?.input;
    setDeviceLimit(null);
    if (input) window.setTimeout(() => submit(input), RETRY_LOGIN_MS);
  };

  return {
    submit,
    pending: mutation.isPending,
    finished,
    error,
    unverifiedFor,
    deviceLimit,
    cancelDeviceLimit: () => setDeviceLimit(null),
    onDisconnected,
  };
}
