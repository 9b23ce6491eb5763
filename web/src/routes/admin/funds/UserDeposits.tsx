import { ArrowDownToLine, Calculator, Clock, Plus, Wallet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DEPOSIT_STATUSES, zDepositListQuery } from '@contract/funds';
import { errorMessage } from '../../../api/client';
import { useAllDeposits, useDecideDeposit, useDepositMetrics, type Deposit } from '../../../api/adminFunds';
import { useSession } from '../../../api/session';
import { PageHeader, StatCard } from '../../../components/Card';
import { LoadError } from '../../../components/Notice';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { DecisionDialog, type DecisionNote } from './DecisionDialog';
import { DepositTable } from './DepositTable';
import { FilterSelect, statusOptions } from './FilterSelect';
import { DECISION_STATUS, type Decision } from './fundsRules';
import { ManualDepositModal } from './ManualDepositModal';
import { useListState } from '../../../lib/useListState';

/** The four cards, from the server's figures (spec §2: $0.00 when there are none). */
function DepositCards() {
  const metrics = useDepositMetrics();
  if (metrics.isError)
    return (
      <LoadError error={metrics.error} fallback="Failed to fetch deposits" onRetry={() => void metrics.refetch()} />
    );
  const m = metrics.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        icon={ArrowDownToLine}
        label="Total Deposits"
        value={m ? String(m.totalDeposits) : '…'}
        testId="total-deposits"
      />
      <StatCard
        icon={Clock}
        label="Pending Deposits"
        value={m ? String(m.pendingDeposits) : '…'}
        testId="pending-deposits"
      />
      <StatCard
        icon={Wallet}
        label="Total Amount"
        value={m ? formatMoney(m.totalDepositAmount) : '…'}
        testId="total-deposit-amount"
      />
      <StatCard
        icon={Calculator}
        label="Average Amount"
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
  usePageTitle('User Deposits');
  const isAdmin = useSession().data?.role === 'admin';
  const { page, filters, setPage, setFilters } = useListState(zDepositFilters);
  const { status } = filters;
  const [pending, setPending] = useState<{ deposit: Deposit; decision: Decision } | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  const list = useAllDeposits(page, status);
  const decide = useDecideDeposit();

  const confirm = (note: DecisionNote) => {
    if (!pending) return;
    decide.mutate(
      { id: pending.deposit.id, status: DECISION_STATUS[pending.decision], ...note },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setPending(null);
        },
        onError: (err) => {
          toast.error(errorMessage(err, 'Failed to update deposit'));
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
      <PageHeader title="User Deposits" description="Every deposit on the platform, newest first.">
        {isAdmin ? (
          <button type="button" className="btn-primary" onClick={() => setManualOpen(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Add Manual Deposit
          </button>
        ) : null}
      </PageHeader>
      <DepositCards />
      <form
        className="card grid gap-4 p-4 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter deposits"
      >
        <FilterSelect
          label="Status"
          value={status}
          options={statusOptions(DEPOSIT_STATUSES)}
          allLabel="All statuses"
          onChange={(next) => setFilters({ status: next })}
        />
      </form>
      <QueryView query={list} fallback="Failed to fetch deposits">
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
            ? `Deposit #${pending.deposit.id} · ${formatMoney(pending.deposit.amount)} (${pending.deposit.currency}) by ${pending.deposit.userName}`
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
