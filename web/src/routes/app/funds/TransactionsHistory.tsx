import { ArrowLeftRight, FilterX } from 'lucide-react';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, zTransactionListQuery } from '@contract/funds';
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
import { StatusBadge } from '../../../components/OrderReceipt';
import { QueryView } from '../../../components/QueryView';
import { SignedAmount } from '../../../components/SignedAmount';
import { PageLoader } from '../../../components/Spinner';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { userBase } from '../../../lib/paths';
import { useMoneyWords } from '../../../lib/words';
import { useListState } from '../../../lib/useListState';
import { usePageTitle } from '../../../lib/usePageTitle';

function Filters({
  filters,
  onChange,
}: {
  filters: TransactionFilters;
  onChange: (filters: TransactionFilters) => void;
}) {
  const { t } = useTranslation('app');
  const { t: tc } = useTranslation('common');
  const words = useMoneyWords();
  const typeId = useId();
  const statusId = useId();
  const active = Boolean(filters.type || filters.status);
  return (
    <div
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      role="group"
      aria-label={t('transactions.filters.label')}
    >
      <Field id={typeId} label={t('transactions.filters.type')} className="sm:w-56">
        <select
          id={typeId}
          className={inputClass}
          value={filters.type ?? ''}
          onChange={(e) => onChange({ ...filters, type: (e.target.value || undefined) as TransactionFilters['type'] })}
        >
          <option value="">{t('transactions.filters.allTypes')}</option>
          {TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {words.transactionType(type)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={statusId} label={tc('word.status')} className="sm:w-48">
        <select
          id={statusId}
          className={inputClass}
          value={filters.status ?? ''}
          onChange={(e) =>
            onChange({ ...filters, status: (e.target.value || undefined) as TransactionFilters['status'] })
          }
        >
          <option value="">{t('transactions.filters.allStatuses')}</option>
          {TRANSACTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {words.statusFilter(s)}
            </option>
          ))}
        </select>
      </Field>
      {active ? (
        <button type="button" className="btn-ghost" onClick={() => onChange({})}>
          <FilterX className="size-4" aria-hidden="true" />
          {t('transactions.filters.clear')}
        </button>
      ) : null}
    </div>
  );
}

/** /app/:userName/transactions-history: every money event, 10 per page, filtered by type and status. */
export function Component() {
  const { t } = useTranslation('app');
  const { t: tc } = useTranslation('common');
  const words = useMoneyWords();
  usePageTitle(t('transactions.pageTitle'));
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
      aria-label={t('transactions.orderLink', { reference: tx.referenceNumber })}
    >
      {tx.referenceNumber}
    </Link>
  );
  const columns: Column<TransactionRow>[] = [
    { label: t('transactions.column.reference'), cell: referenceLink },
    { label: tc('word.date'), cell: (tx) => <span className="whitespace-nowrap">{formatDateTime(tx.createdAt)}</span> },
    { label: t('transactions.column.type'), cell: (tx) => words.transactionType(tx.type), from: 'md' },
    {
      label: t('transactions.column.method'),
      cell: (tx) => tx.paymentMethod || t('transactions.noMethod'),
      from: 'lg',
    },
    {
      label: tc('word.amount'),
      numeric: true,
      cell: (tx) => (
        <span className="font-semibold whitespace-nowrap">
          <SignedAmount tx={tx} />
          <span className="block text-xs font-normal text-muted md:hidden">{words.transactionType(tx.type)}</span>
        </span>
      ),
    },
    { label: tc('word.status'), numeric: true, cell: (tx) => <StatusBadge status={tx.state} /> },
  ];
  const filtered = Boolean(filters.type || filters.status);

  return (
    <div
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="transactions-page"
    >
      <PageHeader title={t('transactions.title')} description={t('transactions.description')} />
      <SectionCard
        title={t('transactions.card')}
        icon={ArrowLeftRight}
        description={list.data ? t('transactions.total', { count: list.data.totalItems }) : undefined}
        actions={
          metrics.data ? (
            <p className="text-sm" data-testid="transactions-balance">
              <Trans
                t={t}
                i18nKey="transactions.available"
                values={{ amount: formatMoney(metrics.data.availableBalance) }}
                components={{ label: <span className="text-muted" />, amount: <span className="font-semibold" /> }}
              />
            </p>
          ) : null
        }
      >
        <div className="flex flex-col gap-4">
          <Filters filters={filters} onChange={setFilters} />
          <QueryView query={list} fallback={t('transactions.loadFailed')} loadingLabel={t('transactions.loading')}>
            {(data) => (
              <DataTable
                layout="section"
                rows={data.data}
                columns={columns}
                rowKey={(tx) => tx.id}
                caption={t('transactions.caption')}
                pager={{ page: data.currentPage, totalPages: data.totalPages, onPageChange: setPage }}
                emptyText={filtered ? t('transactions.emptyFiltered') : t('transactions.empty')}
                stale={list.isPlaceholderData}
                narrowRow={(tx) => (
                  <StackedRow
                    title={referenceLink(tx)}
                    status={<StatusBadge status={tx.state} />}
                    detail={`${words.transactionType(tx.type)} · ${formatDateTime(tx.createdAt)}`}
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
