import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { KycState } from '@contract/kyc';
import { useKycState } from '../api/kyc';
import { activeT } from '../lib/activeT';
import { formatMoney } from '../lib/format';
import { userBase } from '../lib/paths';
import { Notice } from './Notice';

export const verificationPath = (userName: string) => `${userBase(userName)}/verification`;

/** What verification unlocks, from the site's settings, in the active language. */
export function kycNeededFor(requirements: KycState['requirements']): string {
  const t = activeT();
  const limit = requirements.aboveInvestment;
  if (requirements.forWithdrawal)
    return limit !== null
      ? t('ui:kyc.needed.withdrawOrInvest', { amount: formatMoney(limit) })
      : t('ui:kyc.needed.withdraw');
  return limit !== null ? t('ui:kyc.needed.invest', { amount: formatMoney(limit) }) : t('ui:kyc.needed.none');
}

interface KycBannerProps {
  userId: number;
  userName: string;
  className?: string;
}

/**
 * Tells the user where their identity verification stands and what it is needed for, with
 * a link to the Verification page. Shows nothing once verified (or while loading).
 */
export function KycBanner({ userId, userName, className = '' }: KycBannerProps) {
  const { t } = useTranslation('ui');
  const { data } = useKycState(userId);
  if (!data || data.status === 'approved') return null;
  const link = (label: string) => (
    <Link className="font-medium underline" to={verificationPath(userName)}>
      {label}
    </Link>
  );
  const needed = kycNeededFor(data.requirements);
  if (data.status === 'pending')
    return (
      <Notice tone="info" title={t('kyc.pending.title')} className={className} testId="kyc-banner">
        {t('kyc.pending.body', { needed })}
      </Notice>
    );
  if (data.status === 'rejected')
    return (
      <Notice
        tone="warning"
        title={t('kyc.rejected.title')}
        action={link(t('kyc.rejected.action'))}
        className={className}
        testId="kyc-banner"
      >
        {t('kyc.rejected.body', { reason: data.submission?.rejectionReason ?? '', needed })}
      </Notice>
    );
  return (
    <Notice
      tone="warning"
      title={t('kyc.start.title')}
      action={link(t('kyc.start.action'))}
      className={className}
      testId="kyc-banner"
    >
      {t('kyc.start.body', { needed })}
    </Notice>
  );
}
