import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
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
import { Pagination } from '../../../components/Pagination';
import { PageLoader } from '../../../components/Spinner';
import { QueryView } from '../../../components/QueryView';
import { translateMessage } from '../../../i18n/messages';
import { useLocale } from '../../../i18n/locale';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { Unauthorized } from '../../app/Unauthorized';
import { useMoneyWords } from '../../../lib/words';
import { FilterSelect, useStatusOptions } from './FilterSelect';
import { DecisionDialog, type DecisionNote } from './DecisionDialog';
import { TransactionTable } from './TransactionTable';
import { zTransactionListQuery } from '@contract/funds';
import { useListState } from '../../../lib/useListState';

/** Spec §2: the status filter offers completed, pending and failed. */
const FILTER_STATUSES = ['completed', 'pending', 'failed'] as const;

function TransactionManagement() {
  const { t } = useTranslation('adminMoney');
  const words = useMoneyWords();
  const locale = useLocale();
  usePageTitle(t('transactions.title'));
  const statusFilter = useStatusOptions(FILTER_STATUSES);
  const typeFilter = TRANSACTION_TYPES.map((value) => ({ value, label: words.transactionType(value) }));
  const lower = (text: string) => text.toLocaleLowerCase(locale);
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
          toast.success(translateMessage(message));
          setChange(null);
        },
        // A refused move (409/422) carries the reason; show it as the server wrote it.
        onError: (err) => {
          toast.error(errorMessage(err, t('transactions.updateFailed')));
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
      <PageHeader title={t('transactions.title')} description={t('transactions.description')} />
      <form
        className="card grid gap-4 p-4 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('transactions.filterLabel')}
      >
        <FilterSelect
          label={t('filter.status')}
          value={filters.status}
          options={statusFilter}
          allLabel={t('filter.allStatuses')}
          onChange={(status) => setFilter({ ...filters, status })}
        />
        <FilterSelect
          label={t('filter.type')}
          value={filters.type}
          options={typeFilter}
          allLabel={t('filter.allTypes')}
          onChange={(type) => setFilter({ ...filters, type })}
        />
        <div className="flex items-end">
          <button
            type="button"
            className="btn-secondary w-full"
            onClick={() => setFilter({})}
            disabled={!filters.status && !filters.type}
          >
            {t('filter.clear')}
          </button>
        </div>
      </form>
      <QueryView query={list} fallback={t('transactions.loadFailed')}>
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
        title={t('transactions.changeTitle')}
        question={
          change
            ? t('transactions.changeQuestion', {
                type: lower(words.transactionType(change.row.type)),
                reference: change.row.referenceNumber,
                amount: formatMoney(change.row.amount),
                user: change.row.userName,
                from: lower(words.status(change.row.status)),
                to: lower(words.status(change.to)),
              })
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
