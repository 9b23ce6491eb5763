import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUserReturns } from '../../../api/investments';
import { SectionCard } from '../../../components/Card';
import { PaginatedList } from '../../../components/PaginatedList';
import { QueryView } from '../../../components/QueryView';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { usePageParam } from '../../../lib/useListState';

/** The daily returns paid to the user, 6 per page. */
export function PayoutHistory({ userId }: { userId: number }) {
  const { t } = useTranslation('app');
  const [page, setPage] = usePageParam('payouts');
  const returns = useUserReturns(userId, page);
  return (
    <SectionCard title={t('payouts.title')} icon={History} testId="payout-history">
      <QueryView query={returns} fallback={t('payouts.loadFailed')}>
        {(data) => (
          <PaginatedList
            items={data.data}
            getKey={(r) => r.id}
            page={data.currentPage}
            totalPages={data.totalPages}
            onPageChange={setPage}
            emptyText={t('payouts.empty')}
            renderItem={(r) => (
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line px-3 py-2 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{t('payouts.item', { plan: r.planName, day: r.dayIndex })}</p>
                  <p className="text-xs text-muted">
                    {formatDateTime(r.payoutDate)}
                    {r.referenceNumber ? ` · ${r.referenceNumber}` : ''}
                  </p>
                </div>
                <span className="font-semibold text-emerald-700 dark:text-emerald-400">
                  {formatMoney(r.increment, { sign: true })}
                </span>
              </div>
            )}
          />
        )}
      </QueryView>
    </SectionCard>
  );
}
