import { useState } from 'react';
import { toast } from 'sonner';
import { AuthMsg } from '@contract/auth';
import { resendConfirmation } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { inputClass } from '../../components/FormField';
import { Notice } from '../../components/Notice';

/** Login refused for an unconfirmed email: explain, and send the link again. */
export function UnverifiedNotice({ usernameOrEmail }: { usernameOrEmail: string }) {
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
      toast.success(message);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to resend verification email. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Notice tone="warning" title="Email not verified" testId="unverified-notice">
      <p>{AuthMsg.verifyEmail}</p>
      {sent ? (
        <p className="mt-2 font-medium">{sent}</p>
      ) : (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          {known ? null : (
            <input
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="Your email address"
              aria-label="Email address for the verification link"
              className={`${inputClass} sm:flex-1`}
            />
          )}
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void resend()}
            disabled={busy || !email.trim()}
          >
            {busy ? 'Sending...' : 'Resend verification email'}
          </button>
        </div>
      )}
    </Notice>
  );
}
