import { useState } from 'react';
import { toast } from 'sonner';
import { TRANSACTION_TYPES } from '@contract/funds';
import { errorMessage } from '../../../api/client';
import {
  useAllTransactions,
  useUpdateTransactionStatus,
  type TransactionRow,
  type TransactionStatus,
} from '../../../api/adminFunds';
import { useSession } from '../../../api/session';
import { PageHeader } from '../../../components/Card';
import { transactionTypeLabel } from '../../../components/OrderReceipt';
import { Pagination } from '../../../components/Pagination';
import { PageLoader } from '../../../components/Spinner';
import { QueryView } from '../../../components/QueryView';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { Unauthorized } from '../../app/Unauthorized';
import { FilterSelect, statusOptions } from './FilterSelect';
import { DecisionDialog, type DecisionNote } from './DecisionDialog';
import { TransactionTable } from './TransactionTable';
import { zTransactionListQuery } from '@contract/funds';
import { useListState } from '../../../lib/useListState';

/** Spec §2: the status filter offers completed, pending and failed. */
const STATUS_FILTER = statusOptions(['completed', 'pending', 'failed'] as const);
const TYPE_FILTER = TRANSACTION_TYPES.map((value) => ({ value, label: transactionTypeLabel(value) }));

function TransactionManagement() {
  usePageTitle('Transaction Management');
  const { page, filters, setPage, setFilters: setFilter } = useListState(zTransactionListQuery);
  const [change, setChange] = useState<{ row: TransactionRow; to: TransactionStatus } | null>(null);
  const list = useAllTransactions(page, filters);
  const update = useUpdateTransactionStatus();

  const confirm = (note: DecisionNote) => {
    if (!change) return;
    update.mutate(
      { id: change.row.id, status: change.to, ...note },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setChange(null);
        },
        // A refused move (409/422) carries the reason; show it as the server wrote it.
        onError: (err) => {
          toast.error(errorMessage(err, 'Failed to update transaction status'));
          setChange(null);
        },
      },
    );
  };

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="manage-transactions-page"
    >
      <PageHeader
        title="Transaction Management"
        description="Every transaction on the platform. Open a reference for its receipt."
      />
      <form
        className="card grid gap-4 p-4 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter transactions"
      >
        <FilterSelect
          label="Status"
          value={filters.status}
          options={STATUS_FILTER}
          allLabel="All statuses"
          onChange={(status) => setFilter({ ...filters, status })}
        />
        <FilterSelect
          label="Type"
          value={filters.type}
          options={TYPE_FILTER}
          allLabel="All types"
          onChange={(type) => setFilter({ ...filters, type })}
        />
        <div className="flex items-end">
          <button
            type="button"
            className="btn-secondary w-full"
            onClick={() => setFilter({})}
            disabled={!filters.status && !filters.type}
          >
            Clear filters
          </button>
        </div>
      </form>
      <QueryView query={list} fallback="Failed to fetch data">
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <TransactionTable items={data.data} onChangeStatus={(row, to) => setChange({ row, to })} />
            <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
      {/* Failing a pending deposit or withdrawal rejects it (with a reason); completing a withdrawal pays it. */}
      <DecisionDialog
        decision={change ? (change.to === 'failed' ? 'reject' : 'approve') : null}
        noun="transaction"
        title="Change transaction status"
        question={
          change
            ? `Set ${transactionTypeLabel(change.row.type).toLowerCase()} ${change.row.referenceNumber} (${formatMoney(change.row.amount)}, ${change.row.userName}) from ${change.row.status} to ${change.to}?`
            : undefined
        }
        payout={change?.row.type === 'withdrawal'}
        busy={update.isPending}
        onCancel={() => setChange(null)}
        onConfirm={confirm}
      />
    </div>
  );
}

/** /app/admin/manage-transactions: admins only; moderators get Access Denied (spec §2). */
export function Component() {
  const session = useSession();
  if (session.isPending) return <PageLoader />;
  if (session.data?.role !== 'admin') return <Unauthorized />;
  return <TransactionManagement />;
}
