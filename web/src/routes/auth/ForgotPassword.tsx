import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { zRequestReset } from '@contract/auth';
import { requestReset } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { AuthCard } from '../../components/Card';
import { SubmitButton, TextField } from '../../components/FormField';
import { Notice } from '../../components/Notice';
import { RedirectNotice } from '../../components/RedirectNotice';
import { translateMessage } from '../../i18n/messages';
import { usePageTitle } from '../../lib/usePageTitle';

type Values = z.input<typeof zRequestReset>;

/** /forgot-password: mails a reset link, then back to the login after 3 s. */
export function ForgotPassword() {
  const { t } = useTranslation(['auth', 'messages']);
  usePageTitle(t('forgot.title'));
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof zRequestReset>>({
    resolver: zodResolver(zRequestReset),
    defaultValues: { userName: '' },
  });

  const submit = form.handleSubmit(async ({ userName }) => {
    setError(null);
    try {
      setSent((await requestReset(userName)).message);
    } catch (err) {
      setError(errorMessage(err, t('forgot.failed')));
    }
  });

  return (
    <AuthCard
      icon={KeyRound}
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      testId="forgot-page"
      footer={
        <Link to="/login" className="font-semibold text-accent hover:underline">
          {t('shared.backToLogin')}
        </Link>
      }
    >
      {sent ? (
        <Notice tone="success" title={translateMessage(sent)} testId="forgot-sent">
          <p>{t('forgot.sentDetail')}</p>
          <RedirectNotice seconds={3} to="/login" />
        </Notice>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          {error ? <Notice tone="error">{error}</Notice> : null}
          <TextField
            label={t('shared.usernameOrEmail')}
            autoComplete="username"
            error={form.formState.errors.userName?.message}
            {...form.register('userName')}
          />
          <SubmitButton className="btn-primary py-2.5" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('shared.sending') : t('forgot.submit')}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
