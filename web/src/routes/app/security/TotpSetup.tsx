import { zodResolver } from '@hookform/resolvers/zod';
import { QrCode } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../../api/client';
import { useSession } from '../../../api/session';
import { useCompleteTwoFactor, useTwoFactorSetup } from '../../../api/twoFactor';
import { AuthCard } from '../../../components/Card';
import { OtpInput } from '../../../components/FormField';
import { LoadError, Notice } from '../../../components/Notice';
import { CopyButton, RecoveryCodes } from '../../../components/RecoveryCodes';
import { Spinner } from '../../../components/Spinner';
import { securityPath } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { zAppCode } from './TwoFactor';

/** "JBSW Y3DP EHPK 3PXP" groups of four, easier to type by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** /app/verify/totp: where two-factor setup finishes (QR code or key, then a code). */
export function Component() {
  usePageTitle('Set Up Two-Factor Authentication');
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
      onSuccess: ({ message }) => toast.success(message),
      onError: (err) => toast.error(errorMessage(err, 'Failed to set up two-factor authentication')),
    }),
  );

  let body;
  if (codes) {
    body = (
      <div className="flex flex-col gap-4" data-testid="totp-done">
        <Notice tone="success" title="Two-factor authentication is on">
          From now on, signing in asks for a code from your authenticator app.
        </Notice>
        <RecoveryCodes codes={codes} />
        <button type="button" className="btn-primary" onClick={() => void navigate(back)}>
          I have saved my codes
        </button>
      </div>
    );
  } else if (setup.isPending) {
    body = <Spinner label="Preparing your setup..." className="flex justify-center py-6" />;
  } else if (setup.isError) {
    const already = setup.error instanceof ApiError && setup.error.status === 409;
    body = already ? (
      <Notice
        tone="info"
        title="Already enabled"
        action={
          <Link to={back} className="btn-secondary">
            Back to Security Settings
          </Link>
        }
      >
        {errorMessage(setup.error, 'Two-factor authentication is already enabled')}
      </Notice>
    ) : (
      <LoadError
        error={setup.error}
        fallback="Failed to set up two-factor authentication"
        onRetry={() => void setup.refetch()}
      />
    );
  } else {
    body = (
      <form className="flex flex-col gap-5" onSubmit={submit} noValidate data-testid="totp-setup">
        <ol className="flex flex-col gap-4 text-sm">
          <li>
            <p className="font-semibold">1. Scan this QR code with your authenticator app</p>
            <img
              src={setup.data.qrCode}
              alt="QR code to add this account to your authenticator app"
              className="mx-auto mt-3 size-48 rounded-xl border border-line bg-white p-2"
            />
          </li>
          <li>
            <p className="font-semibold">2. Or enter this key by hand</p>
            <div className="mt-2 flex flex-col items-center gap-3 rounded-lg bg-surface-2 p-3">
              <code
                className="text-center font-mono text-base tracking-wider break-words"
                data-testid="totp-secret"
                data-secret={setup.data.secret}
              >
                {grouped(setup.data.secret)}
              </code>
              <CopyButton text={setup.data.secret} label="Copy key" />
            </div>
          </li>
          <li>
            <p className="font-semibold">3. Enter the 6-digit code the app shows</p>
          </li>
        </ol>
        <Controller
          control={form.control}
          name="token"
          render={({ field }) => (
            <OtpInput
              value={field.value}
              onChange={field.onChange}
              label="Verification code"
              disabled={complete.isPending}
            />
          )}
        />
        <button type="submit" className="btn-primary py-2.5" disabled={!ready || complete.isPending}>
          {complete.isPending ? 'Verifying...' : 'Complete Verification'}
        </button>
        <Link to={back} className="text-center text-sm font-medium text-accent hover:underline">
          Cancel
        </Link>
      </form>
    );
  }

  return (
    <AuthCard
      icon={QrCode}
      title="Set Up Two-Factor Authentication"
      subtitle="Add a second step to your sign-in in under a minute."
      testId="totp-page"
    >
      {body}
    </AuthCard>
  );
}
