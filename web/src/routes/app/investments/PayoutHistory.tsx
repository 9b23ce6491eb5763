import { History } from 'lucide-react';
import { useState } from 'react';
import { useUserReturns } from '../../../api/investments';
import { SectionCard } from '../../../components/Card';
import { LoadError } from '../../../components/Notice';
import { PaginatedList } from '../../../components/PaginatedList';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime, formatMoney } from '../../../lib/format';

/** The daily returns paid to the user, 6 per page. */
export function PayoutHistory({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const returns = useUserReturns(userId, page);
  return (
    <SectionCard title="Payout History" icon={History} testId="payout-history">
      {returns.isPending ? (
        <Spinner />
      ) : returns.isError ? (
        <LoadError
          error={returns.error}
          fallback="Could not load your payouts"
          onRetry={() => void returns.refetch()}
        />
      ) : (
        <PaginatedList
          items={returns.data.data}
          getKey={(r) => r.id}
          page={returns.data.currentPage}
          totalPages={returns.data.totalPages}
          onPageChange={setPage}
          emptyText="No payouts yet"
          renderItem={(r) => (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">
                  {r.planName} · day {r.dayIndex}
                </p>
                <p className="text-xs text-muted">
                  {formatDateTime(r.payoutDate)}
                  {r.referenceNumber ? ` · ${r.referenceNumber}` : ''}
                </p>
              </div>
              <span className="font-semibold text-emerald-700 dark:text-emerald-400">+{formatMoney(r.increment)}</span>
            </div>
          )}
        />
      )}
    </SectionCard>
  );
}
