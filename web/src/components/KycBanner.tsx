import { Link } from 'react-router';
import type { KycState } from '@contract/kyc';
import { useKycState } from '../api/kyc';
import { formatMoney } from '../lib/format';
import { userBase } from '../lib/paths';
import { Notice } from './Notice';

export const verificationPath = (userName: string) => `${userBase(userName)}/verification`;

/** What verification unlocks, from the site's settings. */
export function kycNeededFor(requirements: KycState['requirements']): string {
  const needs = [
    requirements.forWithdrawal ? 'withdraw' : null,
    requirements.aboveInvestment !== null
      ? `invest more than ${formatMoney(requirements.aboveInvestment)} at once`
      : null,
  ].filter(Boolean);
  return needs.length
    ? `You need a verified identity to ${needs.join(' or ')}.`
    : 'Verifying your identity keeps your account and payouts safe.';
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
  const { data } = useKycState(userId);
  if (!data || data.status === 'approved') return null;
  const link = (label: string) => (
    <Link className="font-medium underline" to={verificationPath(userName)}>
      {label}
    </Link>
  );
  if (data.status === 'pending')
    return (
      <Notice tone="info" title="Identity verification in review" className={className} testId="kyc-banner">
        We are checking your documents and will notify you of the outcome. {kycNeededFor(data.requirements)}
      </Notice>
    );
  if (data.status === 'rejected')
    return (
      <Notice
        tone="warning"
        title="Identity verification rejected"
        action={link('Submit again')}
        className={className}
        testId="kyc-banner"
      >
        Reason: {data.submission?.rejectionReason}. {kycNeededFor(data.requirements)}
      </Notice>
    );
  return (
    <Notice
      tone="warning"
      title="Verify your identity"
      action={link('Verify identity')}
      className={className}
      testId="kyc-banner"
    >
      {kycNeededFor(data.requirements)} It takes a few minutes: your legal name, address and a photo of your ID.
    </Notice>
  );
}
