import { BadgeCheck, FileCheck2, IdCard } from 'lucide-react';
import { useAccount } from '../../../api/account';
import { useKycState } from '../../../api/kyc';
import { PageHeader, SectionCard } from '../../../components/Card';
import { kycNeededFor } from '../../../components/KycBanner';
import { KycDocuments, KycStatusBadge } from '../../../components/KycDocuments';
import { Notice } from '../../../components/Notice';
import { PageLoader, Spinner } from '../../../components/Spinner';
import { QueryView } from '../../../components/QueryView';
import { usePageTitle } from '../../../lib/usePageTitle';
import { VerificationForm } from './VerificationForm';

/** /app/:userName/verification: identity verification status and submission. */
export function Component() {
  usePageTitle('Verification');
  const { session, profile } = useAccount();
  const kyc = useKycState(session?.id);
  if (!session) return <PageLoader />;

  return (
    <div
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="verification-page"
    >
      <PageHeader
        title="Identity Verification"
        description="Verify who you are once, so that money only ever leaves your account to you."
      />
      <QueryView query={kyc} fallback="Could not load your verification status">
        {(data) => {
          const latest = data.submission;
          const canSubmit = data.status === 'not_submitted' || data.status === 'rejected';
          return (
            <>
              <SectionCard
                title="Status"
                icon={BadgeCheck}
                actions={latest ? <KycStatusBadge status={latest.status} /> : undefined}
                testId="kyc-status"
              >
                {data.status === 'approved' ? (
                  <Notice tone="success" title="Your identity is verified">
                    Withdrawals and larger investments are open to you.
                  </Notice>
                ) : data.status === 'pending' ? (
                  <Notice tone="info" title="In review">
                    We are checking your documents and will notify you of the outcome. {kycNeededFor(data.requirements)}
                  </Notice>
                ) : data.status === 'rejected' ? (
                  <Notice tone="warning" title="Your verification was rejected">
                    Reason: {latest?.rejectionReason}. Please correct it and submit again below.
                  </Notice>
                ) : (
                  <Notice tone="warning" title="Not verified yet">
                    {kycNeededFor(data.requirements)}
                  </Notice>
                )}
              </SectionCard>
              {canSubmit ? (
                <SectionCard
                  title={data.status === 'rejected' ? 'Submit again' : 'Submit your documents'}
                  description="Your details must match your identity document."
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
                <SectionCard title={canSubmit ? 'Previous submission' : 'Your submission'} icon={FileCheck2}>
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
