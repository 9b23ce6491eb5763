import { zodResolver } from '@hookform/resolvers/zod';
import { QrCode } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../../api/client';
import { useSession } from '../../../api/session';
import { useCompleteTwoFactor, useTwoFactorSetup } from '../../../api/twoFactor';
import { AuthCard } from '../../../components/Card';
import { OtpInput } from '../../../components/FormField';
import { LoadError, Notice } from '../../../components/Notice';
import { CopyButton, RecoveryCodes } from '../../../components/RecoveryCodes';
import { Spinner } from '../../../components/Spinner';
import { translateMessage } from '../../../i18n/messages';
import { securityPath } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { zAppCode } from './TwoFactor';

/** "JBSW Y3DP EHPK 3PXP" groups of four, easier to type by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** /app/verify/totp: where two-factor setup finishes (QR code or key, then a code). */
export function Component() {
  const { t } = useTranslation(['account', 'common']);
  usePageTitle(t('security.totp.title'));
  const navigate = useNavigate();
  const { data: session } = useSession();
  const userId = session?.id ?? 0;
  const setup = useTwoFactorSetup(userId);
  const complete = useCompleteTwoFactor(userId);
  const form = useForm<z.input<typeof zAppCode>, unknown, z.output<typeof zAppCode>>({
    resolver: zodResolver(zAppCode),
    defaultValues: { token: '' },
  });
  const token = useWatch({ control: form.control, name: 'token' });
  const ready = zAppCode.safeParse({ token }).success;
  if (!session) return null;
  const back = securityPath(session);
  const codes = complete.data?.recoveryCodes;

  const submit = form.handleSubmit((values) =>
    complete.mutate(values.token, {
      onSuccess: ({ message }) => toast.success(translateMessage(message)),
      onError: (err) => toast.error(errorMessage(err, t('security.totp.failed'))),
    }),
  );

  let body;
  if (codes) {
    body = (
      <div className="flex flex-col gap-4" data-testid="totp-done">
        <Notice tone="success" title={t('security.totp.done.title')}>
          {t('security.totp.done.body')}
        </Notice>
        <RecoveryCodes codes={codes} />
        <button type="button" className="btn-primary" onClick={() => void navigate(back)}>
          {t('security.twoFactor.codes.saved')}
        </button>
      </div>
    );
  } else if (setup.isPending) {
    body = <Spinner label={t('security.totp.preparing')} className="flex justify-center py-6" />;
  } else if (setup.isError) {
    const already = setup.error instanceof ApiError && setup.error.status === 409;
    body = already ? (
      <Notice
        tone="info"
        title={t('security.totp.already.title')}
        action={
          <Link to={back} className="btn-secondary whitespace-normal">
            {t('security.totp.already.back')}
          </Link>
        }
      >
        {errorMessage(setup.error, t('security.totp.already.body'))}
      </Notice>
    ) : (
      <LoadError error={setup.error} fallback={t('security.totp.failed')} onRetry={() => void setup.refetch()} />
    );
  } else {
    body = (
      <form className="flex flex-col gap-5" onSubmit={submit} noValidate data-testid="totp-setup">
        <ol className="flex flex-col gap-4 text-sm">
          <li>
            <p className="font-semibold">{t('security.totp.step.scan')}</p>
            <img
              src={setup.data.qrCode}
              alt={t('security.totp.qrAlt')}
              className="mx-auto mt-3 size-48 rounded-xl border border-line bg-white p-2"
            />
          </li>
          <li>
            <p className="font-semibold">{t('security.totp.step.key')}</p>
            <div className="mt-2 flex flex-col items-center gap-3 rounded-lg bg-surface-2 p-3">
              <code
                className="text-center font-mono text-base tracking-wider break-words"
                data-testid="totp-secret"
                data-secret={setup.data.secret}
              >
                {grouped(setup.data.secret)}
              </code>
              <CopyButton text={setup.data.secret} label={t('security.totp.copyKey')} />
            </div>
          </li>
          <li>
            <p className="font-semibold">{t('security.totp.step.code')}</p>
          </li>
        </ol>
        <Controller
          control={form.control}
          name="token"
          render={({ field }) => (
            <OtpInput
              value={field.value}
              onChange={field.onChange}
              label={t('security.totp.code')}
              disabled={complete.isPending}
            />
          )}
        />
        <button type="submit" className="btn-primary py-2.5" disabled={!ready || complete.isPending}>
          {complete.isPending ? t('security.totp.verifying') : t('security.totp.submit')}
        </button>
        <Link to={back} className="text-center text-sm font-medium text-accent hover:underline">
          {t('common:action.cancel')}
        </Link>
      </form>
    );
  }

  return (
    <AuthCard icon={QrCode} title={t('security.totp.title')} subtitle={t('security.totp.subtitle')} testId="totp-page">
      {body}
    </AuthCard>
  );
}
