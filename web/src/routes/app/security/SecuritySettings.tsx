import { ProfilePage } from '../../../components/ProfilePage';
import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ActivityLogTable } from '../../../components/ActivityLogTable';
import { PageHeader, SectionCard } from '../../../components/Card';
import { Notice } from '../../../components/Notice';
import { useSession } from '../../../api/session';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ChangePasswordCard } from './ChangePasswordCard';
import { DevicesCard } from './DevicesCard';
import { PasskeysCard } from './PasskeysCard';
import { SecurityStatus } from './SecurityStatus';
import { TwoFactorCard } from './TwoFactor';

/** /app/:userName/security-settings and /app/admin/security-settings (spec §2 Security Settings). */
export function Component() {
  const { t } = useTranslation('account');
  usePageTitle(t('security.title'));
  const secondFactorRequired = useSession().data?.secondFactorRequired ?? false;
  return (
    <ProfilePage loading={t('security.loading')} testId="security-page">
      {(p) => (
        <>
          <PageHeader title={t('security.title')} description={t('security.description')} />
          {p.mustChangePassword ? (
            <Notice tone="error" title={t('security.mustChange.title')} testId="must-change-password">
              {t('security.mustChange.body')}
            </Notice>
          ) : null}
          {secondFactorRequired ? (
            <Notice tone="warning" title={t('security.secondFactorRequired.title')} testId="second-factor-required">
              {t('security.secondFactorRequired.body')}
            </Notice>
          ) : null}
          <div className="grid gap-6 lg:grid-cols-2">
            <SecurityStatus profile={p} />
            <ChangePasswordCard userId={p.id} required={p.mustChangePassword} />
            <TwoFactorCard profile={p} />
            <PasskeysCard />
            <DevicesCard userId={p.id} />
          </div>
          <SectionCard
            title={t('security.activity.title')}
            description={t('security.activity.description')}
            icon={History}
          >
            <ActivityLogTable userId={p.id} limit={10} kind="security" />
          </SectionCard>
        </>
      )}
    </ProfilePage>
  );
}
