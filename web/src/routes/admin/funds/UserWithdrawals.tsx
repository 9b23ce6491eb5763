import { ArrowUpFromLine, Calculator, Clock, Wallet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { WITHDRAWAL_STATUSES, zWithdrawalListQuery } from '@contract/funds';
import { errorMessage } from '../../../api/client';
import { useAllWithdrawals, useDecideWithdrawal, type Withdrawal, type WithdrawalList } from '../../../api/adminFunds';
import { useSession } from '../../../api/session';
import { useSiteSettings } from '../../../api/siteSettings';
import { PageHeader, StatCard } from '../../../components/Card';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { DecisionDialog, type DecisionNote } from './DecisionDialog';
import { FilterSelect, statusOptions } from './FilterSelect';
import { DECISION_STATUS, approvalOutcome, approvalStep, type Decision } from './fundsRules';
import { WithdrawalTable } from './WithdrawalTable';
import { useListState } from '../../../lib/useListState';

const STAGE_OPTIONS = [{ value: 'second-approval', label: 'Waiting for second approval' }] as const;

/** The four cards; the list answer carries their figures. */
function WithdrawalCards({ metrics }: { metrics: WithdrawalList['metrics'] | undefined }) {
  const m = metrics;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        icon={ArrowUpFromLine}
        label="Total Withdrawals"
        value={m ? String(m.totalWithdrawals) : '…'}
        testId="total-withdrawals"
      />
      <StatCard
        icon={Clock}
        label="Pending Withdrawals"
        value={m ? String(m.pendingWithdrawals) : '…'}
        testId="pending-withdrawals"
      />
      <StatCard
        icon={Wallet}
        label="Total Amount"
        value={m ? formatMoney(m.totalAmount) : '…'}
        testId="total-withdrawal-amount"
      />
      <StatCard
        icon={Calculator}
        label="Average Amount"
        value={m ? formatMoney(m.averageAmount) : '…'}
        testId="average-withdrawal-amount"
      />
    </div>
  );
}

/** /app/admin/user-withdrawal: every withdrawal request, 10 per page; admins approve or reject pending ones. */
export function Component() {
  usePageTitle('User Withdrawals');
  const session = useSession().data;
  const isAdmin = session?.role === 'admin';
  const { page, filters, setPage, setFilters } = useListState(zWithdrawalListQuery);
  const [pending, setPending] = useState<{ withdrawal: Withdrawal; decision: Decision } | null>(null);
  const list = useAllWithdrawals(page, filters);
  const decide = useDecideWithdrawal();
  // How an approval pays (BTCPay or by hand) follows the payout mode.
  const settings = useSiteSettings().data;
  const outcome = pending?.decision === 'approve' ? approvalOutcome(pending.withdrawal, settings) : null;
  const step = pending ? approvalStep(pending.withdrawal) : null;

  const confirm = (note: DecisionNote) => {
    if (!pending) return;
    decide.mutate(
      { id: pending.withdrawal.id, status: DECISION_STATUS[pending.decision], ...note },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setPending(null);
        },
        onError: (err) => {
          toast.error(errorMessage(err, 'Failed to update transaction status'));
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
      <PageHeader
        title="User Withdrawals"
        description="Withdrawal requests: approve to pay them (BTCPay sends BTC when set up, the rest is paid by hand), reject to return the amount to the user."
      />
      <WithdrawalCards metrics={list.data?.metrics} />
      <form
        className="card grid gap-4 p-4 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter withdrawals"
      >
        <FilterSelect
          label="Status"
          value={filters.status}
          options={statusOptions(WITHDRAWAL_STATUSES)}
          allLabel="All statuses"
          onChange={(next) => setFilters({ ...filters, status: next })}
        />
        <FilterSelect
          label="Approval"
          value={filters.stage}
          options={STAGE_OPTIONS}
          allLabel="Any approval"
          onChange={(next) => setFilters({ ...filters, stage: next })}
        />
      </form>
      <QueryView query={list} fallback="Failed to fetch withdrawals">
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
        title={pending?.decision === 'approve' && step ? `Approve withdrawal (${step} of 2)` : undefined}
        payout={outcome?.byHand ?? false}
        note={outcome?.text}
        summary={
          pending
            ? `Withdrawal #${pending.withdrawal.id} · ${formatMoney(pending.withdrawal.netAmount)} net (${pending.withdrawal.currency}) to ${pending.withdrawal.userName}`
            : undefined
        }
        busy={decide.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </div>
  );
}
