import { BadgeCheck, FileCheck2, IdCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../api/account';
import { useKycState } from '../../../api/kyc';
import { PageHeader, SectionCard } from '../../../components/Card';
import { KycDocuments, KycStatusBadge } from '../../../components/KycDocuments';
import { Notice } from '../../../components/Notice';
import { PageLoader, Spinner } from '../../../components/Spinner';
import { QueryView } from '../../../components/QueryView';
import { usePageTitle } from '../../../lib/usePageTitle';
import { kycNeededFor } from './kycWords';
import { VerificationForm } from './VerificationForm';

/** /app/:userName/verification: identity verification status and submission. */
export function Component() {
  const { t } = useTranslation('account');
  usePageTitle(t('verification.pageTitle'));
  const { session, profile } = useAccount();
  const kyc = useKycState(session?.id);
  if (!session) return <PageLoader />;

  return (
    <div
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="verification-page"
    >
      <PageHeader title={t('verification.title')} description={t('verification.description')} />
      <QueryView query={kyc} fallback={t('verification.loadFailed')}>
        {(data) => {
          const latest = data.submission;
          const canSubmit = data.status === 'not_submitted' || data.status === 'rejected';
          return (
            <>
              <SectionCard
                title={t('verification.status.title')}
                icon={BadgeCheck}
                actions={latest ? <KycStatusBadge status={latest.status} /> : undefined}
                testId="kyc-status"
              >
                {data.status === 'approved' ? (
                  <Notice tone="success" title={t('verification.status.approved.title')}>
                    {t('verification.status.approved.body')}
                  </Notice>
                ) : data.status === 'pending' ? (
                  <Notice tone="info" title={t('verification.status.pending.title')}>
                    {t('verification.status.pending.body')} {kycNeededFor(t, data.requirements)}
                  </Notice>
                ) : data.status === 'rejected' ? (
                  <Notice tone="warning" title={t('verification.status.rejected.title')}>
                    {t('verification.status.rejected.body', { reason: latest?.rejectionReason ?? '' })}
                  </Notice>
                ) : (
                  <Notice tone="warning" title={t('verification.status.notSubmitted.title')}>
                    {kycNeededFor(t, data.requirements)}
                  </Notice>
                )}
              </SectionCard>
              {canSubmit ? (
                <SectionCard
                  title={data.status === 'rejected' ? t('verification.submit.again') : t('verification.submit.title')}
                  description={t('verification.submit.description')}
                  icon={IdCard}
                >
                  {profile.isPending ? (
                    <Spinner />
                  ) : (
                    <VerificationForm userId={session.id} profile={profile.data} previous={latest} />
                  )}
                </SectionCard>
              ) : null}
              {latest ? (
                <SectionCard title={canSubmit ? t('verification.previous') : t('verification.yours')} icon={FileCheck2}>
                  <KycDocuments submission={latest} />
                </SectionCard>
              ) : null}
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
