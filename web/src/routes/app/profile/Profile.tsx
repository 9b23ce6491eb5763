import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ActivityLogTable } from '../../../components/ActivityLogTable';
import { PageHeader, SectionCard } from '../../../components/Card';
import { KycBanner } from '../../../components/KycBanner';
import { ProfilePage } from '../../../components/ProfilePage';
import { usePageTitle } from '../../../lib/usePageTitle';
import { IdentityCard } from './IdentityCard';
import { PayoutDetails } from './PayoutDetails';
import { LanguagePref, NotificationPrefs, VerifyEmailNotice } from './ProfileCards';
import { PersonalInfo } from './PersonalInfo';
import { ProfileHeader } from './ProfileHeader';

/** /app/:userName/profile (spec §2 Profile). */
export function Component() {
  const { t } = useTranslation('account');
  usePageTitle(t('profile.title'));
  return (
    <ProfilePage loading={t('profile.loading')} testId="profile-page">
      {(p) => (
        <>
          <PageHeader title={t('profile.title')} description={t('profile.description')} />
          <ProfileHeader profile={p} />
          {p.isEmailVerified ? null : <VerifyEmailNotice profile={p} />}
          <KycBanner userId={p.id} userName={p.userName} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
              <PersonalInfo profile={p} />
              <PayoutDetails profile={p} />
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              <LanguagePref />
              <NotificationPrefs profile={p} />
              <IdentityCard userId={p.id} userName={p.userName} />
            </div>
          </div>
          <SectionCard
            title={t('profile.activity.title')}
            description={t('profile.activity.description')}
            icon={History}
          >
            <ActivityLogTable userId={p.id} limit={5} />
          </SectionCard>
        </>
      )}
    </ProfilePage>
  );
}
