import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { zVerify2faRequest } from '@contract/auth';
import { deviceLimitOf, verify2fa, type DeviceLimit } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { adoptSocialPending2fa, clearPending2fa, readPending2fa } from '../../api/storage';
import { AuthCard } from '../../components/Card';
import { OTP_LENGTH, OtpInput, TextField } from '../../components/FormField';
import { Notice } from '../../components/Notice';
import { RedirectNotice } from '../../components/RedirectNotice';
import { translateMessage } from '../../i18n/messages';
import { usePageTitle } from '../../lib/usePageTitle';
import { LazyDeviceLimitDialog } from './LazyDeviceLimitDialog';
import { useFinishLogin } from './useLoginFlow';

const FAILURE_REDIRECT_S = 5;
const isRecoveryCode = (value: string) => /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(value.trim());

/** The contract's token, complete: the app's six digits or a recovery code (the button waits for it). */
export const tokenSchema = (recovery: boolean) =>
  zVerify2faRequest
    .pick({ token: true })
    .refine(({ token }) => (recovery ? isRecoveryCode(token) : token.length === OTP_LENGTH));
type TokenValues = z.input<ReturnType<typeof tokenSchema>>;

/** /auth/otp-verify: the second login step with an authenticator or recovery code. */
export function OtpVerify() {
  const { t } = useTranslation(['auth', 'messages']);
  usePageTitle(t('otp.title'));
  const navigate = useNavigate();
  const [pending] = useState(() => {
    if (adoptSocialPending2fa(window.location.hash)) window.history.replaceState(null, '', window.location.pathname);
    return readPending2fa();
  });
  const finish = useFinishLogin(pending?.next ?? null);
  const [recovery, setRecovery] = useState(false);
  const schema = tokenSchema(recovery);
  const form = useForm<TokenValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { token: '' },
  });
  const code = useWatch({ control: form.control, name: 'token' });
  // A wrong or spent code can be retyped (the server limits tries per login); an expired or
  // over-tried login cannot, and goes back to the sign-in form.
  const [failure, setFailure] = useState<{ id: number; message: string; final: boolean } | null>(null);
  const [deviceLimit, setDeviceLimit] = useState<DeviceLimit | null>(null);

  const mutation = useMutation({
    mutationFn: (token: string) => verify2fa(token, pending?.tempToken ?? ''),
    onSuccess: finish,
    onError: (err) => {
      const limit = deviceLimitOf(err);
      if (limit) return setDeviceLimit(limit);
      const final = !(err instanceof ApiError && err.code === 'LOGIN_OTP_INVALID');
      setFailure((f) => ({
        id: (f?.id ?? 0) + 1,
        message: errorMessage(err, t('otp.failed')),
        final,
      }));
      if (!final) form.setValue('token', '');
    },
  });

  if (!pending) return <Navigate to="/login" replace />;

  const ready = schema.safeParse({ token: code }).success;
  const submit = form.handleSubmit(({ token }) => {
    if (!mutation.isPending && !failure?.final) mutation.mutate(token);
  });
  const backToLogin = (notice?: string) => {
    clearPending2fa();
    void navigate('/login', { replace: true, state: notice ? { notice } : null });
  };
  const switchMode = () => {
    setRecovery((r) => !r);
    form.setValue('token', '');
  };

  return (
    <AuthCard
      icon={ShieldCheck}
      title={t('otp.title')}
      subtitle={recovery ? t('otp.subtitleRecovery') : t('otp.subtitleApp')}
      testId="otp-page"
      footer={
        <button type="button" className="font-semibold text-accent hover:underline" onClick={() => backToLogin()}>
          {t('shared.backToLogin')}
        </button>
      }
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p className="text-center text-sm text-muted">
          <Trans
            t={t}
            i18nKey="otp.signingInAs"
            values={{ userName: pending.user.userName }}
            components={{ name: <span className="font-semibold text-fg" /> }}
          />
        </p>
        {failure ? (
          <Notice tone="error" testId="otp-error">
            <p role="alert">{failure.message}</p>
            {failure.final ? (
              <RedirectNotice key={failure.id} seconds={FAILURE_REDIRECT_S} to="/login" onLeave={clearPending2fa} />
            ) : (
              <p className="text-xs">{recovery ? t('otp.retryRecovery') : t('otp.retryApp')}</p>
            )}
          </Notice>
        ) : null}
        <Controller
          control={form.control}
          name="token"
          render={({ field }) =>
            recovery ? (
              <TextField
                label={t('otp.recoveryCode')}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value.replace(/[^A-Za-z0-9-]/g, '').slice(0, 11))}
                placeholder="xxxxx-xxxxx"
                autoComplete="off"
                autoFocus
              />
            ) : (
              // Remounted after a failure, so the cleared field has the focus again.
              <OtpInput
                key={failure?.id ?? 0}
                label={t('otp.codeLabel')}
                value={field.value}
                onChange={field.onChange}
                autoFocus
                disabled={mutation.isPending || failure?.final}
              />
            )
          }
        />
        <button type="submit" className="btn-primary py-2.5" disabled={!ready || mutation.isPending || failure?.final}>
          {mutation.isPending ? t('otp.verifying') : t('otp.verify')}
        </button>
        <button type="button" className="text-sm font-medium text-accent hover:underline" onClick={switchMode}>
          {recovery ? t('otp.useApp') : t('otp.useRecovery')}
        </button>
      </form>
      {deviceLimit ? (
        <LazyDeviceLimitDialog
          limit={deviceLimit}
          usernameOrEmail={pending.user.userName}
          onCancel={() => backToLogin()}
          onDisconnected={(message) => {
            toast.success(translateMessage(message));
            backToLogin(t('otp.deviceDisconnected'));
          }}
        />
      ) : null}
    </AuthCard>
  );
}
