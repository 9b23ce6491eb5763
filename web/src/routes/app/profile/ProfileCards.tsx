import { BellRing, Languages, MailWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { isLocale, LOCALE_NAMES, LOCALES } from '@contract/locales';
import type { Profile } from '@contract/users';
import { useUpdateProfile } from '../../../api/account';
import { resendConfirmation } from '../../../api/auth';
import { errorMessage } from '../../../api/client';
import { SectionCard } from '../../../components/Card';
import { Field, inputClass } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';
import { SwitchRow } from '../../../components/ui/Switch';
import { TelegramLinkBox } from '../../../components/notifications/TelegramLink';
import { changeLocale, useLocale } from '../../../i18n/locale';
import { translateMessage } from '../../../i18n/messages';

/** Unconfirmed email: where the banner's "Verify Now" leads. */
export function VerifyEmailNotice({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      toast.success(translateMessage((await resendConfirmation(profile.email)).message));
    } catch (err) {
      toast.error(errorMessage(err, t('profile.verifyEmail.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Notice
      tone="warning"
      title={t('profile.verifyEmail.title')}
      testId="verify-email-notice"
      action={
        <button type="button" className="btn-secondary whitespace-normal" onClick={() => void resend()} disabled={busy}>
          <MailWarning className="size-4" aria-hidden="true" />
          {busy ? t('profile.verifyEmail.sending') : t('profile.verifyEmail.resend')}
        </button>
      }
    >
      <Trans
        t={t}
        i18nKey="profile.verifyEmail.body"
        values={{ email: profile.email }}
        components={{ strong: <strong /> }}
      />
    </Notice>
  );
}

/**
 * The language of the platform, saved on the account: the screens change at once, and the
 * notifications and emails that follow are written in it.
 */
export function LanguagePref() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const id = useId();
  return (
    <SectionCard
      title={t('profile.language.title')}
      description={t('profile.language.description')}
      icon={Languages}
      testId="language-pref"
    >
      <Field id={id} label={t('profile.language.label')}>
        <select
          id={id}
          className={inputClass}
          value={locale}
          data-testid="language-switcher"
          onChange={(e) => {
            const next = e.target.value;
            if (!isLocale(next)) return;
            changeLocale(next, { signedIn: true }).then(
              () => toast.success(t('profile.language.saved')),
              () => toast.error(t('profile.language.saveFailed')),
            );
          }}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </Field>
    </SectionCard>
  );
}

/** Email and Telegram notification switches, saved at once. */
export function NotificationPrefs({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile(profile.id);
  const save = (patch: { emailNotifications: boolean } | { telegramNotifications: boolean }) =>
    update.mutate(patch, {
      onSuccess: () => toast.success(t('profile.notifications.saved')),
      onError: (err) => toast.error(errorMessage(err, t('profile.notifications.failed'))),
    });
  return (
    <SectionCard
      title={t('profile.notifications.title')}
      icon={BellRing}
      description={t('profile.notifications.description')}
      testId="notification-prefs"
    >
      <div className="divide-y divide-line">
        <SwitchRow
          label={t('profile.notifications.email.label')}
          description={t('profile.notifications.email.description')}
          checked={profile.emailNotifications}
          disabled={update.isPending}
          onCheckedChange={(value) => save({ emailNotifications: value })}
          testId="email-notifications"
        />
        <SwitchRow
          label={t('profile.notifications.telegram.label')}
          description={t('profile.notifications.telegram.description')}
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
