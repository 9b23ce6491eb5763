import { ProfilePage } from '../../../components/ProfilePage';
import { History } from 'lucide-react';
import { KycBanner } from '../../../components/KycBanner';
import { IdentityCard } from './IdentityCard';
import { ActivityLogTable } from '../../../components/ActivityLogTable';
import { PageHeader, SectionCard } from '../../../components/Card';
import { usePageTitle } from '../../../lib/usePageTitle';
import { PayoutDetails } from './PayoutDetails';
import { NotificationPrefs, VerifyEmailNotice } from './ProfileCards';
import { PersonalInfo } from './PersonalInfo';
import { ProfileHeader } from './ProfileHeader';

/** /app/:userName/profile (spec §2 Profile). */
export function Component() {
  usePageTitle('Profile');
  return (
    <ProfilePage loading="Loading your profile..." testId="profile-page">
      {(p) => (
        <>
          <PageHeader title="Profile" description="Your personal details, payout accounts and preferences." />
          <ProfileHeader profile={p} />
          {p.isEmailVerified ? null : <VerifyEmailNotice profile={p} />}
          <KycBanner userId={p.id} userName={p.userName} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
              <PersonalInfo profile={p} />
              <PayoutDetails profile={p} />
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              <NotificationPrefs profile={p} />
              <IdentityCard userId={p.id} userName={p.userName} />
            </div>
          </div>
          <SectionCard
            title="Activity Log"
            description="Sign-ins, changes and requests; choose Pages visited to see where you went."
            icon={History}
          >
            <ActivityLogTable userId={p.id} limit={5} />
          </SectionCard>
        </>
      )}
    </ProfilePage>
  );
}
