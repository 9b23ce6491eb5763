import { ArrowDownToLine, Calculator, Clock, Plus, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { DEPOSIT_STATUSES, zDepositListQuery } from '@contract/funds';
import { errorMessage } from '../../../api/client';
import { useAllDeposits, useDecideDeposit, useDepositMetrics, type Deposit } from '../../../api/adminFunds';
import { useSession } from '../../../api/session';
import { PageHeader, StatCard } from '../../../components/Card';
import { LoadError } from '../../../components/Notice';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { translateMessage } from '../../../i18n/messages';
import { formatMoney, formatNumber } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { DecisionDialog, type DecisionNote } from './DecisionDialog';
import { DepositTable } from './DepositTable';
import { FilterSelect, useStatusOptions } from './FilterSelect';
import { DECISION_STATUS, type Decision } from './fundsRules';
import { ManualDepositModal } from './ManualDepositModal';
import { useListState } from '../../../lib/useListState';

/** The four cards, from the server's figures (spec §2: $0.00 when there are none). */
function DepositCards() {
  const { t } = useTranslation('adminMoney');
  const metrics = useDepositMetrics();
  if (metrics.isError)
    return (
      <LoadError error={metrics.error} fallback={t('deposits.loadFailed')} onRetry={() => void metrics.refetch()} />
    );
  const m = metrics.data;
  return (
    // The two amount cards a little wider than the two counts: "US$ 5.000,00" fits beside its icon at 1280 px.
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[repeat(2,minmax(0,4fr))_repeat(2,minmax(0,5fr))]">
      <StatCard
        icon={ArrowDownToLine}
        label={t('deposits.cards.total')}
        value={m ? formatNumber(m.totalDeposits) : '…'}
        testId="total-deposits"
      />
      <StatCard
        icon={Clock}
        label={t('deposits.cards.pending')}
        value={m ? formatNumber(m.pendingDeposits) : '…'}
        testId="pending-deposits"
      />
      <StatCard
        icon={Wallet}
        label={t('cards.totalAmount')}
        value={m ? formatMoney(m.totalDepositAmount) : '…'}
        testId="total-deposit-amount"
      />
      <StatCard
        icon={Calculator}
        label={t('cards.averageAmount')}
        value={m ? formatMoney(m.averageAmount) : '…'}
        testId="average-deposit-amount"
      />
    </div>
  );
}

/** The screen filters by status only (the API also takes a user). */
const zDepositFilters = zDepositListQuery.pick({ status: true });

/** /app/admin/users-deposits: every deposit, 10 per page; admins approve, reject and credit by hand. */
export function Component() {
  const { t } = useTranslation('adminMoney');
  usePageTitle(t('deposits.title'));
  const isAdmin = useSession().data?.role === 'admin';
  const { page, filters, setPage, setFilters } = useListState(zDepositFilters);
  const { status } = filters;
  const [pending, setPending] = useState<{ deposit: Deposit; decision: Decision } | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  const list = useAllDeposits(page, status);
  const decide = useDecideDeposit();
  const statusOptions = useStatusOptions(DEPOSIT_STATUSES);

  const confirm = (note: DecisionNote) => {
    if (!pending) return;
    decide.mutate(
      { id: pending.deposit.id, status: DECISION_STATUS[pending.decision], ...note },
      {
        onSuccess: ({ message }) => {
          toast.success(translateMessage(message));
          setPending(null);
        },
        onError: (err) => {
          toast.error(errorMessage(err, t('deposits.updateFailed')));
          setPending(null);
        },
      },
    );
  };

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="user-deposits-page"
    >
      <PageHeader title={t('deposits.title')} description={t('deposits.description')}>
        {isAdmin ? (
          <button type="button" className="btn-primary" onClick={() => setManualOpen(true)}>
            <Plus className="size-4" aria-hidden="true" />
            {t('manualDeposit.title')}
          </button>
        ) : null}
      </PageHeader>
      <DepositCards />
      <form
        className="card grid gap-4 p-4 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('deposits.filterLabel')}
      >
        <FilterSelect
          label={t('filter.status')}
          value={status}
          options={statusOptions}
          allLabel={t('filter.allStatuses')}
          onChange={(next) => setFilters({ status: next })}
        />
      </form>
      <QueryView query={list} fallback={t('deposits.loadFailed')}>
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <DepositTable
              items={data.data}
              canDecide={isAdmin}
              onDecide={(deposit, decision) => setPending({ deposit, decision })}
            />
            <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
      <DecisionDialog
        decision={pending?.decision ?? null}
        noun="transaction"
        summary={
          pending
            ? t('deposits.summary', {
                id: pending.deposit.id,
                amount: formatMoney(pending.deposit.amount),
                currency: pending.deposit.currency,
                user: pending.deposit.userName,
              })
            : undefined
        }
        busy={decide.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
      <ManualDepositModal open={manualOpen} onClose={() => setManualOpen(false)} />
    </div>
  );
}
