import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/client';
import {
  useAllInvestments,
  useCancelInvestment,
  type Investment,
  type InvestmentFilters,
} from '../../../api/investments';
import { useSession } from '../../../api/session';
import { PageHeader } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/Notice';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { usePageTitle } from '../../../lib/usePageTitle';
import { InvestmentFilterBar } from './InvestmentFilterBar';
import { InvestmentTable } from './InvestmentTable';

/** /app/admin/manage-investments: every investment, 10 per page, filtered (spec §2). */
export function Component() {
  usePageTitle('Manage Investments');
  const isAdmin = useSession().data?.role === 'admin';
  const [filters, setFilters] = useState<InvestmentFilters>({});
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<Investment | null>(null);
  const list = useAllInvestments(page, filters);
  const cancel = useCancelInvestment();

  const changeFilters = (next: InvestmentFilters) => {
    setFilters(next);
    setPage(1);
  };
  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setCancelling(null);
      },
      onError: (err) => toast.error(errorMessage(err, 'Could not cancel the investment')),
    });
  };

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="manage-investments-page"
    >
      <PageHeader title="Manage Investments" description="Every investment on the platform." />
      <InvestmentFilterBar filters={filters} onChange={changeFilters} />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadError error={list.error} fallback="Could not load the investments" onRetry={() => void list.refetch()} />
      ) : (
        <div className="flex min-w-0 flex-col gap-4">
          <InvestmentTable items={list.data.data} canCancel={isAdmin} onCancel={setCancelling} />
          <Pagination page={list.data.currentPage} totalPages={list.data.totalPages} onPageChange={setPage} />
        </div>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onCancel={() => setCancelling(null)}
        onConfirm={confirmCancel}
        title="Cancel investment"
        description={
          cancelling
            ? `Cancel investment #${cancelling.id} (${cancelling.planName})? No further returns will be paid.`
            : undefined
        }
        cancelLabel="Keep"
        confirmLabel="Cancel Investment"
        busyLabel="Cancelling..."
        busy={cancel.isPending}
      />
    </div>
  );
}
