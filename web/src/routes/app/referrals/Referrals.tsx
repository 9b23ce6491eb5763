import { Gift, Link2, Users } from 'lucide-react';
import { useAccount } from '../../../api/account';
import { useReferralIncome, useReferrals } from '../../../api/referrals';
import { PageHeader, SectionCard, StatCard } from '../../../components/Card';
import { PaginatedList } from '../../../components/PaginatedList';
import { CopyButton } from '../../../components/RecoveryCodes';
import { PageLoader } from '../../../components/Spinner';
import { QueryView } from '../../../components/QueryView';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { usePageParam } from '../../../lib/useListState';

/** /app/:userName/downlinks (spec §2 Referrals): income total, the referral list and the user's own link. */
export function Component() {
  usePageTitle('Referrals');
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
      <PageHeader
        title="Referrals"
        description="Invite people you know: you earn a share of every investment they make, paid to your balance."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard
          icon={Gift}
          label="Referral income"
          value={income.data ? formatMoney(income.data.totalReferralBonus) : '—'}
          testId="referral-income"
        />
        <StatCard
          icon={Users}
          label="People you referred"
          value={referrals.data ? String(referrals.data.totalItems) : '—'}
        />
      </div>
      <SectionCard
        title="Your referral link"
        description="Share it; whoever registers through it is linked to you."
        icon={Link2}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <code
            className="min-w-0 flex-1 truncate rounded-lg border border-line px-3 py-2 text-sm"
            data-testid="referral-link"
          >
            {link}
          </code>
          <CopyButton text={link} label="Copy link" />
        </div>
      </SectionCard>
      <SectionCard title="Your referrals" icon={Users}>
        <QueryView query={referrals} fallback="Failed to fetch referrals">
          {(data) => (
            <PaginatedList
              items={data.data}
              getKey={(r) => r.id}
              page={data.currentPage}
              totalPages={data.totalPages}
              onPageChange={setPage}
              emptyText="No referrals yet: share your link to invite someone."
              renderItem={(r) => (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line px-3 py-2 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{r.userName}</p>
                    <p className="text-xs text-muted">Joined {formatDate(r.registrationDate)}</p>
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
