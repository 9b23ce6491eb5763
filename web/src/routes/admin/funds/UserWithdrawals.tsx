import { ArrowUpFromLine, Calculator, Clock, Wallet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { WITHDRAWAL_STATUSES } from '@contract/funds';
import { errorMessage } from '../../../api/client';
import { useAllWithdrawals, useDecideWithdrawal, type Withdrawal, type WithdrawalList } from '../../../api/adminFunds';
import { useSession } from '../../../api/session';
import { PageHeader, StatCard } from '../../../components/Card';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { DecisionDialog, type DecisionNote } from './DecisionDialog';
import { FilterSelect, statusOptions } from './FilterSelect';
import { DECISION_STATUS, type Decision } from './fundsRules';
import { WithdrawalTable } from './WithdrawalTable';
import { zWithdrawalListQuery } from '@contract/funds';
import { useListState } from '../../../lib/useListState';

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
  const isAdmin = useSession().data?.role === 'admin';
  const { page, filters, setPage, setFilters } = useListState(zWithdrawalListQuery);
  const { status } = filters;
  const [pending, setPending] = useState<{ withdrawal: Withdrawal; decision: Decision } | null>(null);
  const list = useAllWithdrawals(page, status);
  const decide = useDecideWithdrawal();

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
        description="Withdrawal requests: approve once paid out, reject to return the amount to the user."
      />
      <WithdrawalCards metrics={list.data?.metrics} />
      <form
        className="card grid gap-4 p-4 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter withdrawals"
      >
        <FilterSelect
          label="Status"
          value={status}
          options={statusOptions(WITHDRAWAL_STATUSES)}
          allLabel="All statuses"
          onChange={(next) => setFilters({ status: next })}
        />
      </form>
      <QueryView query={list} fallback="Failed to fetch withdrawals">
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <WithdrawalTable
              items={data.data}
              canDecide={isAdmin}
              onDecide={(withdrawal, decision) => setPending({ withdrawal, decision })}
            />
            <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
      <DecisionDialog
        decision={pending?.decision ?? null}
        noun="withdrawal"
        payout
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
