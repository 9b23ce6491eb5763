import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { AuthMsg } from '@contract/auth';
import { resendConfirmation } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { inputClass } from '../../components/FormField';
import { Notice } from '../../components/Notice';
import { translateMessage } from '../../i18n/messages';

/** Login refused for an unconfirmed email: explain, and send the link again. */
export function UnverifiedNotice({ usernameOrEmail }: { usernameOrEmail: string }) {
  const { t } = useTranslation(['auth', 'messages']);
  const known = usernameOrEmail.includes('@') ? usernameOrEmail : '';
  const [email, setEmail] = useState(known);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const resend = async () => {
    if (!email.trim()) return;
    setBusy(true);
    try {
      const { message } = await resendConfirmation(email.trim());
      setSent(message);
      toast.success(translateMessage(message));
    } catch (err) {
      toast.error(errorMessage(err, t('unverified.resendFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Notice tone="warning" title={t('unverified.title')} testId="unverified-notice">
      <p>{translateMessage(AuthMsg.verifyEmail)}</p>
      {sent ? (
        <p className="mt-2 font-medium">{translateMessage(sent)}</p>
      ) : (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {known ? null : (
            <input
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder={t('unverified.emailPlaceholder')}
              aria-label={t('unverified.emailLabel')}
              className={`${inputClass} sm:min-w-48 sm:flex-1`}
            />
          )}
          <button
            type="button"
            // Wraps rather than overflows the notice where the language's words are long.
            className="btn-secondary whitespace-normal"
            onClick={() => void resend()}
            disabled={busy || !email.trim()}
          >
            {busy ? t('shared.sending') : t('unverified.resend')}
          </button>
        </div>
      )}
    </Notice>
  );
}
