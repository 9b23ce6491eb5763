import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toCents } from '@contract/money';
import { useKycState } from '../api/kyc';
import { useSession } from '../api/session';
import { formatMoney } from '../lib/format';
import { verificationPath } from './KycBanner';
import { Notice } from './Notice';

/** True when the site requires a verified identity for this amount and the user has none yet. */
export function useKycBlocksInvestment(amount: string): { blocked: boolean; limit: number | null; pending: boolean } {
  const { data: session } = useSession();
  const { data } = useKycState(session?.role === 'user' ? session.id : undefined);
  const limit = data?.requirements.aboveInvestment ?? null;
  if (!data || limit === null || data.status === 'approved') return { blocked: false, limit, pending: false };
  let cents: bigint;
  try {
    cents = toCents(amount);
  } catch {
    return { blocked: false, limit, pending: false };
  }
  return { blocked: cents > toCents(limit), limit, pending: data.status === 'pending' };
}

/** Says before submitting that this amount needs a verified identity, with the way to get it. */
export function KycInvestNotice({ amount }: { amount: string }) {
  const { data: session } = useSession();
  const { t } = useTranslation('ui');
  const gate = useKycBlocksInvestment(amount);
  if (!gate.blocked || !session || gate.limit === null) return null;
  return (
    <Notice
      tone="warning"
      testId="invest-kyc"
      action={
        gate.pending ? null : (
          <Link className="font-medium underline" to={verificationPath(session.userName)}>
            {t('kyc.invest.verify')}
          </Link>
        )
      }
    >
      {gate.pending
        ? t('kyc.invest.pending', { limit: formatMoney(gate.limit) })
        : t('kyc.invest.needed', { limit: formatMoney(gate.limit) })}
    </Notice>
  );
}
