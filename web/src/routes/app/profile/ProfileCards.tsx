import { BellRing, MailWarning } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Profile } from '@contract/users';
import { useUpdateProfile } from '../../../api/account';
import { resendConfirmation } from '../../../api/auth';
import { errorMessage } from '../../../api/client';
import { SectionCard } from '../../../components/Card';
import { Notice } from '../../../components/Notice';
import { SwitchRow } from '../../../components/ui/Switch';
import { TelegramLinkBox } from '../../../components/notifications/TelegramLink';

/** Unconfirmed email: where the banner's "Verify Now" leads. */
export function VerifyEmailNotice({ profile }: { profile: Profile }) {
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      toast.success((await resendConfirmation(profile.email)).message);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to resend confirmation email'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Notice
      tone="warning"
      title="Confirm your email address"
      testId="verify-email-notice"
      action={
        <button type="button" className="btn-secondary" onClick={() => void resend()} disabled={busy}>
          <MailWarning className="size-4" aria-hidden="true" />
          {busy ? 'Sending...' : 'Resend confirmation email'}
        </button>
      }
    >
      We sent a link to <strong>{profile.email}</strong>. Open it to confirm your address and unlock deposits,
      investments and withdrawals.
    </Notice>
  );
}

/** Email and Telegram notification switches, saved at once. */
export function NotificationPrefs({ profile }: { profile: Profile }) {
  const update = useUpdateProfile(profile.id);
  const save = (patch: { emailNotifications: boolean } | { telegramNotifications: boolean }) =>
    update.mutate(patch, {
      onSuccess: () => toast.success('Notification preferences updated'),
      onError: (err) => toast.error(errorMessage(err, 'Failed to update preferences')),
    });
  return (
    <SectionCard
      title="Notifications"
      icon={BellRing}
      description="Choose how we keep you informed."
      testId="notification-prefs"
    >
      <div className="divide-y divide-line">
        <SwitchRow
          label="Email notifications"
          description="Deposits, withdrawals, payouts and security alerts."
          checked={profile.emailNotifications}
          disabled={update.isPending}
          onCheckedChange={(value) => save({ emailNotifications: value })}
          testId="email-notifications"
        />
        <SwitchRow
          label="Telegram notifications"
          description="The same alerts through our Telegram bot."
          checked={profile.telegramNotifications}
          disabled={update.isPending}
          onCheckedChange={(value) => save({ telegramNotifications: value })}
          testId="telegram-notifications"
        />
        {profile.telegramNotifications ? <TelegramLinkBox /> : null}
      </div>
    </SectionCard>
  );
}
