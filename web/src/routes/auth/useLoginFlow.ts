import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { LoginResponse } from '@contract/auth';
import { deviceLimitOf, isEmailNotVerified, login, type DeviceLimit, type LoginInput } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { passkeyPromptFailure, signInWithPasskey } from '../../api/passkeys';
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
    signIn(response.user, response.secondFactorRequired);
    toast.success(translateMessage(response.message));
    if (response.mustChangePassword) toast.warning(t('login.mustChangePassword'));
    else if (response.secondFactorRequired) toast.warning(t('login.secondFactorRequired'));
    // Either way the security page comes first: a new password, or a passkey or TOTP for staff.
    const securityFirst = response.mustChangePassword || response.secondFactorRequired;
    void navigate(afterLoginPath(response.user, securityFirst, next), { replace: true });
  };
}

/** A login stopped by the device limit, and how to try it again once a device is freed. */
export type StoppedLogin = DeviceLimit & { usernameOrEmail: string; retry: () => void };

/**
 * The outcomes of spec §4 Login: success, two-factor, device limit (modal, then a retry),
 * unverified email (notice with resend), or an error message. A passkey sign-in ends the same
 * ways, but never in two-factor (the passkey is both factors).
 */
export function useLoginFlow(next: string | null) {
  const { t } = useTranslation('auth');
  const finish = useFinishLogin(next);
  const [deviceLimit, setDeviceLimit] = useState<StoppedLogin | null>(null);
  const [unverifiedFor, setUnverifiedFor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Set before the session appears, so the page's "already logged in" redirect stays out of the way.
  const [finished, setFinished] = useState(false);

  const refused = (err: unknown, usernameOrEmail: string, retry: () => void, message = errorMessage) => {
    const limit = deviceLimitOf(err);
    if (limit) setDeviceLimit({ ...limit, usernameOrEmail, retry });
    // The notice resends the confirmation to what was typed; a passkey sign-in typed nothing.
    else if (isEmailNotVerified(err) && usernameOrEmail) setUnverifiedFor(usernameOrEmail);
    else setError(message(err, t('login.failed')));
  };
  /** A closed or timed-out passkey prompt says so; anything else is the server's answer. */
  const passkeyMessage = (err: unknown, fallback: string) =>
    passkeyPromptFailure(err) === 'cancelled' ? t('login.passkey.cancelled') : errorMessage(err, fallback);
  const succeeded = (response: LoginResponse) => {
    setFinished(true);
    finish(response);
  };

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: succeeded,
    onError: (err, input) => refused(err, input.usernameOrEmail, () => submit(input)),
  });
  const passkeyMutation = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: succeeded,
    onError: (err, rememberMe) => refused(err, '', () => withPasskey(rememberMe), passkeyMessage),
  });

  const reset = () => {
    setError(null);
    setUnverifiedFor(null);
  };
  const submit = (input: LoginInput) => {
    reset();
    mutation.mutate(input);
  };
  const withPasskey = (rememberMe: boolean) => {
    reset();
    passkeyMutation.mutate(rememberMe);
  };

  const onDisconnected = (message: string) => {
    toast.success(translateMessage(message));
    const retry = deviceLimit?.retry;
    setDeviceLimit(null);
    if (retry) window.setTimeout(retry, RETRY_LOGIN_MS);
  };

  return {
    submit,
    withPasskey,
    pending: mutation.isPending || passkeyMutation.isPending,
    passkeyPending: passkeyMutation.isPending,
    finished,
    error,
    unverifiedFor,
    deviceLimit,
    cancelDeviceLimit: () => setDeviceLimit(null),
    onDisconnected,
  };
}
