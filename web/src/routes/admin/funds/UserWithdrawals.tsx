import { ArrowUpFromLine, Calculator, Clock, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { WITHDRAWAL_STATUSES, zWithdrawalListQuery } from '@contract/funds';
import { errorMessage } from '../../../api/client';
import { useAllWithdrawals, useDecideWithdrawal, type Withdrawal, type WithdrawalList } from '../../../api/adminFunds';
import { useSession } from '../../../api/session';
import { useSiteSettings } from '../../../api/siteSettings';
import { PageHeader, StatCard } from '../../../components/Card';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { translateMessage } from '../../../i18n/messages';
import { formatMoney, formatNumber } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { DecisionDialog, type DecisionNote } from './DecisionDialog';
import { FilterSelect, useStatusOptions } from './FilterSelect';
import { DECISION_STATUS, approvalOutcome, approvalStep, type Decision } from './fundsRules';
import { WithdrawalTable } from './WithdrawalTable';
import { useListState } from '../../../lib/useListState';

/** The four cards; the list answer carries their figures. */
function WithdrawalCards({ metrics }: { metrics: WithdrawalList['metrics'] | undefined }) {
  const { t } = useTranslation('adminMoney');
  const m = metrics;
  return (
    // The two amount cards a little wider than the two counts: "US$ 5.000,00" fits beside its icon at 1280 px.
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[repeat(2,minmax(0,4fr))_repeat(2,minmax(0,5fr))]">
      <StatCard
        icon={ArrowUpFromLine}
        label={t('withdrawals.cards.total')}
        value={m ? formatNumber(m.totalWithdrawals) : '…'}
        testId="total-withdrawals"
      />
      <StatCard
        icon={Clock}
        label={t('withdrawals.cards.pending')}
        value={m ? formatNumber(m.pendingWithdrawals) : '…'}
        testId="pending-withdrawals"
      />
      <StatCard
        icon={Wallet}
        label={t('cards.totalAmount')}
        value={m ? formatMoney(m.totalAmount) : '…'}
        testId="total-withdrawal-amount"
      />
      <StatCard
        icon={Calculator}
        label={t('cards.averageAmount')}
        value={m ? formatMoney(m.averageAmount) : '…'}
        testId="average-withdrawal-amount"
      />
    </div>
  );
}

/** /app/admin/user-withdrawal: every withdrawal request, 10 per page; admins approve or reject pending ones. */
export function Component() {
  const { t } = useTranslation('adminMoney');
  usePageTitle(t('withdrawals.title'));
  const session = useSession().data;
  const isAdmin = session?.role === 'admin';
  const { page, filters, setPage, setFilters } = useListState(zWithdrawalListQuery);
  const [pending, setPending] = useState<{ withdrawal: Withdrawal; decision: Decision } | null>(null);
  const list = useAllWithdrawals(page, filters);
  const decide = useDecideWithdrawal();
  const statusOptions = useStatusOptions(WITHDRAWAL_STATUSES);
  const stageOptions = [{ value: 'second-approval', label: t('approval.waitingSecond') }] as const;
  // How an approval pays (BTCPay or by hand) follows the payout mode.
  const settings = useSiteSettings().data;
  const outcome = pending?.decision === 'approve' ? approvalOutcome(t, pending.withdrawal, settings) : null;
  const step = pending ? approvalStep(pending.withdrawal) : null;

  const confirm = (note: DecisionNote) => {
    if (!pending) return;
    decide.mutate(
      { id: pending.withdrawal.id, status: DECISION_STATUS[pending.decision], ...note },
      {
        onSuccess: ({ message }) => {
          toast.success(translateMessage(message));
          setPending(null);
        },
        onError: (err) => {
          toast.error(errorMessage(err, t('transactions.updateFailed')));
          setPending(null);
        },
      },
    );
  };

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="user-withdrawals-page"
    >
      <PageHeader title={t('withdrawals.title')} description={t('withdrawals.description')} />
      <WithdrawalCards metrics={list.data?.metrics} />
      <form
        className="card grid gap-4 p-4 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('withdrawals.filterLabel')}
      >
        <FilterSelect
          label={t('filter.status')}
          value={filters.status}
          options={statusOptions}
          allLabel={t('filter.allStatuses')}
          onChange={(next) => setFilters({ ...filters, status: next })}
        />
        <FilterSelect
          label={t('filter.approval')}
          value={filters.stage}
          options={stageOptions}
          allLabel={t('filter.anyApproval')}
          onChange={(next) => setFilters({ ...filters, stage: next })}
        />
      </form>
      <QueryView query={list} fallback={t('withdrawals.loadFailed')}>
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <WithdrawalTable
              items={data.data}
              canDecide={isAdmin}
              viewerId={session?.id}
              onDecide={(withdrawal, decision) => setPending({ withdrawal, decision })}
            />
            <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
      <DecisionDialog
        decision={pending?.decision ?? null}
        noun="withdrawal"
        title={
          pending?.decision === 'approve' && step ? t('decision.title.approveWithdrawalStep', { step }) : undefined
        }
        payout={outcome?.byHand ?? false}
        note={outcome?.text}
        summary={
          pending
            ? t('withdrawals.summary', {
                id: pending.withdrawal.id,
                net: formatMoney(pending.withdrawal.netAmount),
                currency: pending.withdrawal.currency,
                user: pending.withdrawal.userName,
              })
            : undefined
        }
        busy={decide.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </div>
  );
}
