import { useState } from 'react';
import { toast } from 'sonner';
import { zInvestmentFilters } from '@contract/investments';
import { errorMessage } from '../../../api/client';
import { useAllInvestments, useCancelInvestment, type Investment } from '../../../api/investments';
import { useSession } from '../../../api/session';
import { PageHeader } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { useListState } from '../../../lib/useListState';
import { usePageTitle } from '../../../lib/usePageTitle';
import { InvestmentFilterBar } from './InvestmentFilterBar';
import { InvestmentTable } from './InvestmentTable';

/** /app/admin/manage-investments: every investment, 10 per page, filtered (spec §2). */
export function Component() {
  usePageTitle('Manage Investments');
  const isAdmin = useSession().data?.role === 'admin';
  const { page, filters, setPage, setFilters } = useListState(zInvestmentFilters);
  const [cancelling, setCancelling] = useState<Investment | null>(null);
  const list = useAllInvestments(page, filters);
  const cancel = useCancelInvestment();

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
      <InvestmentFilterBar filters={filters} onChange={setFilters} />
      <QueryView query={list} fallback="Could not load the investments">
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <InvestmentTable items={data.data} canCancel={isAdmin} onCancel={setCancelling} />
            <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
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
