import { History } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUserDeposits, useUserWithdrawals, type Deposit, type Withdrawal } from '../../../api/funds';
import { SectionCard } from '../../../components/Card';
import { LoadError } from '../../../components/Notice';
import { StatusBadge } from '../../../components/OrderReceipt';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { userBase } from '../../../lib/paths';
import { FundsTable, StackedRow, type Column } from './FundsTable';
import { FundsTabs } from './FundsTabs';

type HistoryTab = 'deposits' | 'withdrawals';

function OrderLink({ userName, reference }: { userName: string; reference: string }) {
  return (
    <Link
      to={`${userBase(userName)}/order/${encodeURIComponent(reference)}`}
      className="font-mono text-xs text-accent underline-offset-2 hover:underline"
    >
      {reference}
    </Link>
  );
}

function DepositHistory({ userId, userName }: { userId: number; userName: string }) {
  const [page, setPage] = useState(1);
  const list = useUserDeposits(userId, page);
  if (list.isPending) return <Spinner label="Loading deposits..." />;
  if (list.isError)
    return <LoadError error={list.error} fallback="Failed to fetch deposits" onRetry={() => void list.refetch()} />;
  const columns: Column<Deposit>[] = [
    { header: 'Date', cell: (d) => <span className="whitespace-nowrap">{formatDateTime(d.createdAt)}</span> },
    { header: 'Reference', cell: (d) => <OrderLink userName={userName} reference={d.referenceNumber} /> },
    { header: 'Method', cell: (d) => d.currency, className: 'hidden md:table-cell' },
    {
      header: 'Amount',
      cell: (d) => <span className="font-semibold whitespace-nowrap">{formatMoney(d.amount)}</span>,
      className: 'text-right',
    },
    { header: 'Status', cell: (d) => <StatusBadge status={d.status} />, className: 'text-right' },
  ];
  return (
    <FundsTable
      rows={list.data.data}
      columns={columns}
      getKey={(d) => d.id}
      caption="Your deposits"
      page={list.data.currentPage}
      totalPages={list.data.totalPages}
      onPageChange={setPage}
      emptyText="No deposits yet."
      stale={list.isPlaceholderData}
      mobileRow={(d) => (
        <StackedRow
          title={<OrderLink userName={userName} reference={d.referenceNumber} />}
          status={<StatusBadge status={d.status} />}
          detail={`${d.currency} · ${formatDateTime(d.createdAt)}`}
          amount={formatMoney(d.amount)}
        />
      )}
      testId="deposit-history"
    />
  );
}

function WithdrawalHistory({ userId, userName }: { userId: number; userName: string }) {
  const [page, setPage] = useState(1);
  const list = useUserWithdrawals(userId, page);
  if (list.isPending) return <Spinner label="Loading withdrawals..." />;
  if (list.isError)
    return <LoadError error={list.error} fallback="Failed to fetch withdrawals" onRetry={() => void list.refetch()} />;
  const columns: Column<Withdrawal>[] = [
    { header: 'Date', cell: (w) => <span className="whitespace-nowrap">{formatDateTime(w.createdAt)}</span> },
    { header: 'Reference', cell: (w) => <OrderLink userName={userName} reference={w.referenceNumber} /> },
    {
      header: 'To',
      cell: (w) => (
        <span className="block max-w-56 truncate font-mono text-xs" title={w.destination}>
          {w.currency} · {w.destination}
        </span>
      ),
      className: 'hidden lg:table-cell',
    },
    {
      header: 'Amount',
      cell: (w) => <span className="font-semibold whitespace-nowrap">{formatMoney(w.amount)}</span>,
      className: 'text-right',
    },
    { header: 'Fee', cell: (w) => formatMoney(w.fee), className: 'hidden text-right md:table-cell' },
    { header: 'Status', cell: (w) => <StatusBadge status={w.status} />, className: 'text-right' },
  ];
  return (
    <FundsTable
      rows={list.data.data}
      columns={columns}
      getKey={(w) => w.id}
      caption="Your withdrawals"
      page={list.data.currentPage}
      totalPages={list.data.totalPages}
      onPageChange={setPage}
      emptyText="No withdrawals yet."
      stale={list.isPlaceholderData}
      mobileRow={(w) => (
        <StackedRow
          title={<OrderLink userName={userName} reference={w.referenceNumber} />}
          status={<StatusBadge status={w.status} />}
          detail={`${w.currency} · fee ${formatMoney(w.fee)} · ${formatDateTime(w.createdAt)}`}
          amount={formatMoney(w.amount)}
        />
      )}
      testId="withdrawal-history"
    />
  );
}

/** Deposits and withdrawals, 10 per page, each linking to its receipt. */
export function FundsHistory({ userId, userName }: { userId: number; userName: string }) {
  const [tab, setTab] = useState<HistoryTab>('deposits');
  return (
    <SectionCard
      title="History"
      icon={History}
      testId="funds-history"
      actions={
        <Link to={`${userBase(userName)}/transactions-history`} className="btn-secondary px-3">
          All transactions
        </Link>
      }
    >
      <FundsTabs<HistoryTab>
        compact
        label="History"
        value={tab}
        onValueChange={setTab}
        tabs={[
          { value: 'deposits', label: 'Deposits', content: <DepositHistory userId={userId} userName={userName} /> },
          {
            value: 'withdrawals',
            label: 'Withdrawals',
            content: <WithdrawalHistory userId={userId} userName={userName} />,
          },
        ]}
      />
    </SectionCard>
  );
}
