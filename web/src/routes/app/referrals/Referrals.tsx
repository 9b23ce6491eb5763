import { Gift, Link2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../api/account';
import { useReferralIncome, useReferrals } from '../../../api/referrals';
import { PageHeader, SectionCard, StatCard } from '../../../components/Card';
import { PaginatedList } from '../../../components/PaginatedList';
import { CopyButton } from '../../../components/RecoveryCodes';
import { PageLoader } from '../../../components/Spinner';
import { QueryView } from '../../../components/QueryView';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { usePageParam } from '../../../lib/useListState';

/** /app/:userName/downlinks (spec §2 Referrals): income total, the referral list and the user's own link. */
export function Component() {
  const { t } = useTranslation('app');
  usePageTitle(t('referrals.pageTitle'));
  const { session } = useAccount();
  const [page, setPage] = usePageParam();
  const userId = session?.id ?? 0;
  const income = useReferralIncome(userId);
  const referrals = useReferrals(userId, page);
  if (!session) return <PageLoader />;
  const link = `${window.location.origin}/register/${encodeURIComponent(session.userName)}`;
  return (
    <div
      className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="referrals-page"
    >
      <PageHeader title={t('referrals.title')} description={t('referrals.description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard
          icon={Gift}
          label={t('referrals.income')}
          value={income.data ? formatMoney(income.data.totalReferralBonus) : '—'}
          testId="referral-income"
        />
        <StatCard
          icon={Users}
          label={t('referrals.people')}
          value={referrals.data ? formatNumber(referrals.data.totalItems) : '—'}
        />
      </div>
      <SectionCard title={t('referrals.link.title')} description={t('referrals.link.description')} icon={Link2}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <code
            className="min-w-0 flex-1 truncate rounded-lg border border-line px-3 py-2 text-sm"
            data-testid="referral-link"
          >
            {link}
          </code>
          <CopyButton text={link} label={t('referrals.link.copy')} />
        </div>
      </SectionCard>
      <SectionCard title={t('referrals.list.title')} icon={Users}>
        <QueryView query={referrals} fallback={t('referrals.list.loadFailed')}>
          {(data) => (
            <PaginatedList
              items={data.data}
              getKey={(r) => r.id}
              page={data.currentPage}
              totalPages={data.totalPages}
              onPageChange={setPage}
              emptyText={t('referrals.list.empty')}
              renderItem={(r) => (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line px-3 py-2 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{r.userName}</p>
                    <p className="text-xs text-muted">
                      {t('referrals.list.joined', { date: formatDate(r.registrationDate) })}
                    </p>
                  </div>
                  <span className="font-semibold">{formatMoney(r.totalTransactions)}</span>
                </div>
              )}
            />
          )}
        </QueryView>
      </SectionCard>
    </div>
  );
}
