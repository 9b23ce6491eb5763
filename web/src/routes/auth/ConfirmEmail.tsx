import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirmEmail } from '../../api/auth';
import { keyOf } from '../../api/call';
import { errorMessage } from '../../api/client';
import { AuthCard } from '../../components/Card';
import { QueryView } from '../../components/QueryView';
import { RedirectNotice } from '../../components/RedirectNotice';
import { Spinner } from '../../components/Spinner';
import { translateMessage } from '../../i18n/messages';
import { usePageTitle } from '../../lib/usePageTitle';
import { apiOf } from '../../api/routes';

const usersApi = apiOf('usersApi');

/** Links carry 256-bit URL-safe tokens; anything else cannot be one of ours. */
const plausibleToken = (token: string) => /^[A-Za-z0-9_-]{20,200}$/.test(token);
const STAGES = ['confirm.stage.start', 'confirm.stage.verifying', 'confirm.stage.checking'] as const;

function Progress() {
  const { t } = useTranslation('auth');
  const [stage, setStage] = useState(0);
  useEffect(() => {
    const timers = [window.setTimeout(() => setStage(1), 300), window.setTimeout(() => setStage(2), 1500)];
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, []);
  return (
    <div className="flex justify-center py-4">
      <Spinner label={t(STAGES[stage]!)} />
    </div>
  );
}

function Failed({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard icon={CircleX} title={t('confirm.errorTitle')} subtitle={message} testId="confirm-error">
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to="/login" className="btn-primary">
          {t('shared.goToLogin')}
        </Link>
        <Link to="/register" className="btn-secondary">
          {t('confirm.createAccount')}
        </Link>
      </div>
    </AuthCard>
  );
}

/** /verify/confirm-email/:token: confirms once, then on to the login after 3 s. */
export function ConfirmEmail() {
  const { t } = useTranslation(['auth', 'messages']);
  usePageTitle(t('confirm.pageTitle'));
  const { token = '' } = useParams();
  const valid = plausibleToken(token);
  const queryClient = useQueryClient();
  // A query, so a double mount still sends the single-use token once.
  const result = useQuery({
    queryKey: ['confirm-email', token],
    queryFn: () => confirmEmail(token),
    enabled: valid,
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (result.isSuccess) void queryClient.invalidateQueries({ queryKey: keyOf(usersApi.profile) });
  }, [result.isSuccess, queryClient]);

  if (!valid) return <Failed message={t('confirm.invalidLink')} />;
  return (
    <QueryView
      query={result}
      pending={
        <AuthCard icon={MailCheck} title={t('confirm.confirming')} testId="confirm-progress">
          <Progress />
        </AuthCard>
      }
      renderError={(error) => <Failed message={errorMessage(error, t('confirm.failed'))} />}
    >
      {(data) => (
        <AuthCard
          icon={CircleCheck}
          title={t('confirm.doneTitle')}
          subtitle={translateMessage(data.message)}
          testId="confirm-done"
        >
          <div className="flex flex-col items-center gap-3">
            <RedirectNotice seconds={3} to="/login" state={{ notice: t('confirm.notice') }} />
            <Link to="/login" className="btn-primary">
              {t('shared.goToLogin')}
            </Link>
          </div>
        </AuthCard>
      )}
    </QueryView>
  );
}
