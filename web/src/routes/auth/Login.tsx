import { zodResolver } from '@hookform/resolvers/zod';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { ExternalLink, Fingerprint, LogIn } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { zLoginRequest } from '@contract/auth';
import { isSocialOutcome, SocialMsg } from '@contract/social';
import { usePublicSettings } from '../../api/queries';
import { useSession } from '../../api/session';
import { readPending2fa } from '../../api/storage';
import { AuthCard } from '../../components/Card';
import { PasswordField, SubmitButton, TextField } from '../../components/FormField';
import { Notice } from '../../components/Notice';
import { translateMessage } from '../../i18n/messages';
import { afterLoginPath, safeNext } from '../../lib/paths';
import { usePageTitle } from '../../lib/usePageTitle';
import { LazyDeviceLimitDialog } from './LazyDeviceLimitDialog';
import { UnverifiedNotice } from './UnverifiedNotice';
import { useLoginFlow } from './useLoginFlow';
import { useHydrated } from '../../lib/useHydrated';

type LoginValues = z.input<typeof zLoginRequest>;

// Brand names, written alike in every language.
const providerNames: Record<string, string> = { google: 'Google', facebook: 'Facebook', twitter: 'X (Twitter)' };

/** Sign-in with the providers an admin configured (none by default); each opens in a new tab. */
function SocialButtons() {
  const { t } = useTranslation('auth');
  const { data } = usePublicSettings();
  const providers = (data?.socialProviders ?? []).filter((p) => p in providerNames);
  if (providers.length === 0) return null;
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-1 bg-line" />
        {t('social.divider')}
        <span className="h-px flex-1 bg-line" />
      </div>
      <div className="mt-4 grid gap-2 sm:grid-cols-3">
        {providers.map((provider) => (
          <a
            key={provider}
            href={`/api/auth/${provider}`}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-secondary"
          >
            {providerNames[provider]}
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{t('social.newTab')}</span>
          </a>
        ))}
      </div>
    </div>
  );
}

/**
 * Sign-in with a passkey: no user name, the browser offers the passkeys it holds for this site.
 * The pre-rendered page draws it (waiting for hydration); a browser that cannot use passkeys drops it then.
 */
function PasskeyButton({ onClick, pending, disabled }: { onClick: () => void; pending: boolean; disabled: boolean }) {
  const { t } = useTranslation('auth');
  const hintId = useId();
  const hydrated = useHydrated();
  if (hydrated && !browserSupportsWebAuthn()) return null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-1 bg-line" />
        {t('login.passkey.divider')}
        <span className="h-px flex-1 bg-line" />
      </div>
      <button
        type="button"
        className="btn-secondary py-2.5"
        onClick={onClick}
        disabled={!hydrated || disabled}
        aria-describedby={hintId}
      >
        <Fingerprint className="size-4" aria-hidden="true" />
        {pending ? t('login.passkey.waiting') : t('login.passkey.button')}
      </button>
      <p id={hintId} className="text-center text-xs text-muted">
        {t('login.passkey.hint')}
      </p>
    </div>
  );
}

/** /login (spec §2 Login). Optional `?next=` is the guarded page to return to. */
export function Login() {
  // `messages` too: the social outcome and the server's notices are shown in the active language.
  const { t } = useTranslation(['auth', 'messages']);
  usePageTitle(t('login.pageTitle'));
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const social = params.get('social');
  // A server's message (registration) or one already in the active language (the other screens).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const { data: session } = useSession();
  const flow = useLoginFlow(next);
  const form = useForm<LoginValues, unknown, z.output<typeof zLoginRequest>>({
    resolver: zodResolver(zLoginRequest),
    defaultValues: { usernameOrEmail: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;

  if (session && !flow.finished) return <Navigate to={afterLoginPath(session, false, next)} replace />;
  if (!flow.finished && readPending2fa()) return <Navigate to="/auth/otp-verify" replace />;

  return (
    <AuthCard
      icon={LogIn}
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      testId="login-page"
      footer={
        <Trans
          t={t}
          i18nKey="login.noAccount"
          components={{ signup: <Link to="/register" className="font-semibold text-accent hover:underline" /> }}
        />
      }
    >
      <div className="flex flex-col gap-4">
        {notice ? <Notice tone="success">{translateMessage(notice)}</Notice> : null}
        {next ? <Notice tone="info">{t('login.nextNotice')}</Notice> : null}
        {isSocialOutcome(social) ? (
          <Notice tone="error" testId="social-error">
            {translateMessage(SocialMsg[social])}
          </Notice>
        ) : null}
        {flow.error ? (
          <Notice tone="error" testId="login-error">
            {flow.error}
          </Notice>
        ) : null}
        {flow.unverifiedFor ? <UnverifiedNotice usernameOrEmail={flow.unverifiedFor} /> : null}
        <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(flow.submit)}>
          <TextField
            label={t('shared.usernameOrEmail')}
            autoComplete="username"
            error={errors.usernameOrEmail?.message}
            {...form.register('usernameOrEmail')}
          />
          <PasswordField
            label={t('shared.password')}
            autoComplete="current-password"
            error={errors.password?.message}
            aside={
              <Link to="/forgot-password" className="font-medium text-accent hover:underline">
                {t('login.forgotPassword')}
              </Link>
            }
            {...form.register('password')}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-amber-500" {...form.register('rememberMe')} />
            {t('login.rememberMe')}
          </label>
          <SubmitButton className="btn-primary py-2.5" disabled={flow.pending}>
            {flow.pending && !flow.passkeyPending ? t('login.submitting') : t('login.submit')}
          </SubmitButton>
        </form>
        <PasskeyButton
          onClick={() => flow.withPasskey(form.getValues('rememberMe') ?? false)}
          pending={flow.passkeyPending}
          disabled={flow.pending}
        />
        <SocialButtons />
      </div>
      {flow.deviceLimit ? (
        <LazyDeviceLimitDialog
          limit={flow.deviceLimit}
          usernameOrEmail={flow.deviceLimit.usernameOrEmail}
          onCancel={flow.cancelDeviceLimit}
          onDisconnected={flow.onDisconnected}
        />
      ) : null}
    </AuthCard>
  );
}
