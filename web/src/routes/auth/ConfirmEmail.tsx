import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usersApi } from '@contract/users';
import { confirmEmail } from '../../api/auth';
import { keyOf } from '../../api/call';
import { errorMessage } from '../../api/client';
import { AuthCard } from '../../components/Card';
import { QueryView } from '../../components/QueryView';
import { RedirectNotice } from '../../components/RedirectNotice';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';

/** Links carry 256-bit URL-safe tokens; anything else cannot be one of ours. */
const plausibleToken = (token: string) => /^[A-Za-z0-9_-]{20,200}$/.test(token);
const STAGES = ['Initializing...', 'Verifying your email address...', 'Checking your account...'];

function Progress() {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    const timers = [window.setTimeout(() => setStage(1), 300), window.setTimeout(() => setStage(2), 1500)];
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, []);
  return (
    <div className="flex justify-center py-4">
      <Spinner label={STAGES[stage]} />
    </div>
  );
}

function Failed({ message }: { message: string }) {
  return (
    <AuthCard icon={CircleX} title="Confirmation Error" subtitle={message} testId="confirm-error">
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to="/login" className="btn-primary">
          Go to Login
        </Link>
        <Link to="/register" className="btn-secondary">
          Create New Account
        </Link>
      </div>
    </AuthCard>
  );
}

/** /verify/confirm-email/:token: confirms once, then on to the login after 3 s. */
export function ConfirmEmail() {
  usePageTitle('Email Confirmation');
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

  if (!valid) return <Failed message="Invalid verification link. Please check your email." />;
  return (
    <QueryView
      query={result}
      pending={
        <AuthCard icon={MailCheck} title="Confirming your email" testId="confirm-progress">
          <Progress />
        </AuthCard>
      }
      renderError={(error) => <Failed message={errorMessage(error, 'Email confirmation failed')} />}
    >
      {(data) => (
        <AuthCard icon={CircleCheck} title="Email Confirmed!" subtitle={data.message} testId="confirm-done">
          <div className="flex flex-col items-center gap-3">
            <RedirectNotice
              seconds={3}
              to="/login"
              state={{ notice: 'Your email address is confirmed. You can sign in now.' }}
            />
            <Link to="/login" className="btn-primary">
              Go to Login
            </Link>
          </div>
        </AuthCard>
      )}
    </QueryView>
  );
}
