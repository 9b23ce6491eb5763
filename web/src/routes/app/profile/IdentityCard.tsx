import { IdCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useKycState } from '../../../api/kyc';
import { SectionCard } from '../../../components/Card';
import { verificationPath } from '../../../components/KycBanner';
import { KYC_STATUS_TONE } from '../../../components/KycDocuments';
import { Badge } from '../../../components/Notice';
import { KYC_STATUS, kycNeededFor } from '../verification/kycWords';

/** Where the identity verification stands, with the way to the Verification page. */
export function IdentityCard({ userId, userName }: { userId: number; userName: string }) {
  const { t } = useTranslation('account');
  const { data } = useKycState(userId);
  return (
    <SectionCard
      title={t('profile.identity.title')}
      icon={IdCard}
      actions={
        data ? (
          <Badge tone={data.status === 'not_submitted' ? 'neutral' : KYC_STATUS_TONE[data.status]}>
            {t(KYC_STATUS[data.status])}
          </Badge>
        ) : undefined
      }
      testId="identity-card"
    >
      <p className="text-sm text-muted">{data ? kycNeededFor(t, data.requirements) : t('profile.identity.loading')}</p>
      <Link className="btn-secondary mt-3 w-full whitespace-normal" to={verificationPath(userName)}>
        {data?.status === 'approved' ? t('profile.identity.view') : t('profile.identity.open')}
      </Link>
    </SectionCard>
  );
}
