import { ProfilePage } from '../../../components/ProfilePage';
import { History } from 'lucide-react';
import { ActivityLogTable } from '../../../components/ActivityLogTable';
import { PageHeader, SectionCard } from '../../../components/Card';
import { Notice } from '../../../components/Notice';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ChangePasswordCard } from './ChangePasswordCard';
import { DevicesCard } from './DevicesCard';
import { SecurityStatus } from './SecurityStatus';
import { TwoFactorCard } from './TwoFactor';

/** /app/:userName/security-settings and /app/admin/security-settings (spec §2 Security Settings). */
export function Component() {
  usePageTitle('Security Settings');
  return (
    <ProfilePage loading="Loading your security settings..." testId="security-page">
      {(p) => (
        <>
          <PageHeader
            title="Security Settings"
            description="Protect your account: password, two-factor sign-in and the devices you use."
          />
          {p.mustChangePassword ? (
            <Notice tone="error" title="Please change your password before continuing" testId="must-change-password">
              Your password was generated when the account was created. Until you choose your own, every other change is
              blocked.
            </Notice>
          ) : null}
          <div className="grid gap-6 lg:grid-cols-2">
            <SecurityStatus profile={p} />
            <ChangePasswordCard userId={p.id} required={p.mustChangePassword} />
            <TwoFactorCard profile={p} />
            <DevicesCard userId={p.id} />
          </div>
          <SectionCard
            title="Recent Activity"
            description="Sign-ins, devices disconnected and security changes."
            icon={History}
          >
            <ActivityLogTable userId={p.id} limit={10} kind="security" />
          </SectionCard>
        </>
      )}
    </ProfilePage>
  );
}
