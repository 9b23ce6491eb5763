import { IdCard } from 'lucide-react';
import { Link } from 'react-router';
import { useKycState } from '../../../api/kyc';
import { SectionCard } from '../../../components/Card';
import { kycNeededFor, verificationPath } from '../../../components/KycBanner';
import { KYC_STATUS_LABEL, KYC_STATUS_TONE } from '../../../components/KycDocuments';
import { Badge } from '../../../components/Notice';

/** Where the identity verification stands, with the way to the Verification page. */
export function IdentityCard({ userId, userName }: { userId: number; userName: string }) {
  const { data } = useKycState(userId);
  return (
    <SectionCard
      title="Identity Verification"
      icon={IdCard}
      actions={
        data ? (
          <Badge tone={data.status === 'not_submitted' ? 'neutral' : KYC_STATUS_TONE[data.status]}>
            {KYC_STATUS_LABEL[data.status]}
          </Badge>
        ) : undefined
      }
      testId="identity-card"
    >
      <p className="text-sm text-muted">{data ? kycNeededFor(data.requirements) : 'Loading...'}</p>
      <Link className="btn-secondary mt-3 w-full" to={verificationPath(userName)}>
        {data?.status === 'approved' ? 'View verification' : 'Open Verification page'}
      </Link>
    </SectionCard>
  );
}
