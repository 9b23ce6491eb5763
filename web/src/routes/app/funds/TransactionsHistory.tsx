import { ArrowLeftRight, FilterX } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, statusFilterLabel, zTransactionListQuery } from '@contract/funds';
import { useAccount } from '../../../api/account';
import {
  useAccountMetrics,
  useUserTransactions,
  type TransactionFilters,
  type TransactionRow,
} from '../../../api/funds';
import { PageHeader, SectionCard } from '../../../components/Card';
import { DataTable, StackedRow, type Column } from '../../../components/DataTable';
import { Field, inputClass } from '../../../components/FormField';
import { StatusBadge, transactionTypeLabel } from '../../../components/OrderReceipt';
import { QueryView } from '../../../components/QueryView';
import { SignedAmount } from '../../../components/SignedAmount';
import { PageLoader } from '../../../components/Spinner';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { userBase } from '../../../lib/paths';
import { useListState } from '../../../lib/useListState';
import { usePageTitle } from '../../../lib/usePageTitle';

function Filters({
  filters,
  onChange,
}: {
  filters: TransactionFilters;
  onChange: (filters: TransactionFilters) => void;
}) {
  const typeId = useId();
  const statusId = useId();
  const active = Boolean(filters.type || filters.status);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end" role="group" aria-label="Filters">
      <Field id={typeId} label="Type" className="sm:w-56">
        <select
          id={typeId}
          className={inputClass}
          value={filters.type ?? ''}
          onChange={(e) => onChange({ ...filters, type: (e.target.value || undefined) as TransactionFilters['type'] })}
        >
          <option value="">All types</option>
          {TRANSACTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {transactionTypeLabel(t)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={statusId} label="Status" className="sm:w-48">
        <select
          id={statusId}
          className={inputClass}
          value={filters.status ?? ''}
          onChange={(e) =>
            onChange({ ...filters, status: (e.target.value || undefined) as TransactionFilters['status'] })
          }
        >
          <option value="">All statuses</option>
          {TRANSACTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusFilterLabel(s)}
            </option>
          ))}
        </select>
      </Field>
      {active ? (
        <button type="button" className="btn-ghost" onClick={() => onChange({})}>
          <FilterX className="size-4" aria-hidden="true" />
          Clear filters
        </button>
      ) : null}
    </div>
  );
}

/** /app/:userName/transactions-history: every money event, 10 per page, filtered by type and status. */
export function Component() {
  usePageTitle('Transaction History');
  const { session } = useAccount();
  const { page, filters, setPage, setFilters } = useListState(zTransactionListQuery);
  const list = useUserTransactions(session?.id ?? 0, page, filters);
  const metrics = useAccountMetrics(session?.id ?? 0);
  if (!session) return <PageLoader />;

  const orderPath = (tx: TransactionRow) =>
    `${userBase(session.userName)}/order/${encodeURIComponent(tx.referenceNumber)}`;
  const referenceLink = (tx: TransactionRow) => (
    <Link
      to={orderPath(tx)}
      className="font-mono text-xs font-medium text-accent underline-offset-2 hover:underline"
      aria-label={`Order ${tx.referenceNumber}`}
    >
      {tx.referenceNumber}
    </Link>
  );
  const columns: Column<TransactionRow>[] = [
    { label: 'Reference', cell: referenceLink },
    { label: 'Date', cell: (tx) => <span className="whitespace-nowrap">{formatDateTime(tx.createdAt)}</span> },
    { label: 'Type', cell: (tx) => transactionTypeLabel(tx.type), from: 'md' },
    { label: 'Method', cell: (tx) => tx.paymentMethod || 'N/A', from: 'lg' },
    {
      label: 'Amount',
      numeric: true,
      cell: (tx) => (
        <span className="font-semibold whitespace-nowrap">
          <SignedAmount tx={tx} />
          <span className="block text-xs font-normal text-muted md:hidden">{transactionTypeLabel(tx.type)}</span>
        </span>
      ),
    },
    { label: 'Status', numeric: true, cell: (tx) => <StatusBadge status={tx.state} /> },
  ];
  const filtered = Boolean(filters.type || filters.status);

  return (
    <div
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="transactions-page"
    >
      <PageHeader
        title="Transaction History"
        description="Deposits, withdrawals, investments, payouts and bonuses. Open one to see its receipt."
      />
      <SectionCard
        title="Transactions"
        icon={ArrowLeftRight}
        description={list.data ? `${list.data.totalItems} in total` : undefined}
        actions={
          metrics.data ? (
            <p className="text-sm" data-testid="transactions-balance">
              <span className="text-muted">Available balance </span>
              <span className="font-semibold">{formatMoney(metrics.data.availableBalance)}</span>
            </p>
          ) : null
        }
      >
        <div className="flex flex-col gap-4">
          <Filters filters={filters} onChange={setFilters} />
          <QueryView query={list} fallback="Failed to fetch data" loadingLabel="Loading transactions...">
            {(data) => (
              <DataTable
                layout="section"
                rows={data.data}
                columns={columns}
                rowKey={(tx) => tx.id}
                caption="Your transactions"
                pager={{ page: data.currentPage, totalPages: data.totalPages, onPageChange: setPage }}
                emptyText={filtered ? 'No transactions match these filters.' : 'No transactions yet.'}
                stale={list.isPlaceholderData}
                narrowRow={(tx) => (
                  <StackedRow
                    title={referenceLink(tx)}
                    status={<StatusBadge status={tx.state} />}
                    detail={`${transactionTypeLabel(tx.type)} · ${formatDateTime(tx.createdAt)}`}
                    amount={<SignedAmount tx={tx} />}
                  />
                )}
                testId="transactions-table"
              />
            )}
          </QueryView>
        </div>
      </SectionCard>
    </div>
  );
}
