import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { Msg, zPassword } from '@contract/users';
import { resetPassword } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { AuthCard } from '../../components/Card';
import { PasswordField } from '../../components/FormField';
import { Notice } from '../../components/Notice';
import { RedirectNotice } from '../../components/RedirectNotice';
import { translateMessage } from '../../i18n/messages';
import { usePageTitle } from '../../lib/usePageTitle';

const zResetForm = z
  .object({ newPassword: zPassword, confirmPassword: z.string().min(1, Msg.fillAllFields) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: Msg.passwordsMismatch, path: ['confirmPassword'] });
type Values = z.infer<typeof zResetForm>;

/** /reset-password/:token: the new password, then back to the login after 3 s. */
export function ResetPassword() {
  const { t } = useTranslation(['auth', 'messages']);
  usePageTitle(t('reset.title'));
  const { token = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(zResetForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ newPassword, confirmPassword }) => {
    setError(null);
    try {
      setDone((await resetPassword(token, newPassword, confirmPassword)).message);
    } catch (err) {
      setError(errorMessage(err, t('reset.failed')));
    }
  });

  return (
    <AuthCard
      icon={LockKeyhole}
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      testId="reset-page"
      footer={
        <Link to="/login" className="font-semibold text-accent hover:underline">
          {t('shared.backToLogin')}
        </Link>
      }
    >
      {done ? (
        <Notice tone="success" title={translateMessage(done)} testId="reset-done">
          <p>{t('reset.doneDetail')}</p>
          <RedirectNotice seconds={3} to="/login" state={{ notice: t('reset.notice') }} />
        </Notice>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          {error ? (
            <Notice
              tone="error"
              testId="reset-error"
              action={
                <Link to="/forgot-password" className="btn-secondary">
                  {t('reset.requestNew')}
                </Link>
              }
            >
              {error}
            </Notice>
          ) : null}
          <PasswordField
            label={t('reset.newPassword')}
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordField
            label={t('reset.confirmPassword')}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <button type="submit" className="btn-primary py-2.5" disabled={isSubmitting}>
            {isSubmitting ? t('reset.resetting') : t('reset.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
