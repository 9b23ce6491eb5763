import { History } from 'lucide-react';
import { useAccount } from '../../../api/account';
import { ActivityLogTable } from '../../../components/ActivityLogTable';
import { PageHeader, SectionCard } from '../../../components/Card';
import { LoadError } from '../../../components/Notice';
import { PageLoader } from '../../../components/Spinner';
import { usePageTitle } from '../../../lib/usePageTitle';
import { BankDetails, NotificationPrefs, VerifyEmailNotice, WalletsCard } from './ProfileCards';
import { PersonalInfo } from './PersonalInfo';
import { ProfileHeader } from './ProfileHeader';

/** /app/:userName/profile (spec §2 Profile). */
export function Component() {
  usePageTitle('Profile');
  const { session, profile } = useAccount();
  if (!session) return null;
  if (profile.isPending) return <PageLoader label="Loading your profile..." />;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <LoadError error={profile.error} fallback="Failed to fetch user profile" onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  const p = profile.data;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8" data-testid="profile-page">
      <PageHeader title="Profile" description="Your personal details, payout accounts and preferences." />
      <ProfileHeader profile={p} />
      {p.isEmailVerified ? null : <VerifyEmailNotice profile={p} />}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <PersonalInfo profile={p} />
          <BankDetails profile={p} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <NotificationPrefs profile={p} />
          <WalletsCard profile={p} />
        </div>
      </div>
      <SectionCard title="Activity Log" description="Recent sign-ins, changes and pages visited." icon={History}>
        <ActivityLogTable userId={p.id} limit={5} />
      </SectionCard>
    </div>
  );
}
