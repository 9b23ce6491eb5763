import { History } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUserDeposits, useUserWithdrawals, type Deposit, type Withdrawal } from '../../../api/funds';
import { SectionCard } from '../../../components/Card';
import { DataTable, StackedRow, type Column } from '../../../components/DataTable';
import { StatusBadge } from '../../../components/OrderReceipt';
import { QueryView } from '../../../components/QueryView';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { userBase } from '../../../lib/paths';
import { Tabs } from '../../../components/ui/Tabs';

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
  const columns: Column<Deposit>[] = [
    { label: 'Date', cell: (d) => <span className="whitespace-nowrap">{formatDateTime(d.createdAt)}</span> },
    { label: 'Reference', cell: (d) => <OrderLink userName={userName} reference={d.referenceNumber} /> },
    { label: 'Method', cell: (d) => (d.manual ? `${d.currency} · Manual` : d.currency), from: 'md' },
    {
      label: 'Amount',
      numeric: true,
      cell: (d) => <span className="font-semibold whitespace-nowrap">{formatMoney(d.amount)}</span>,
    },
    { label: 'Status', numeric: true, cell: (d) => <StatusBadge status={d.status} /> },
  ];
  return (
    <QueryView query={list} fallback="Failed to fetch deposits" loadingLabel="Loading deposits...">
      {(data) => (
        <DataTable
          layout="section"
          rows={data.data}
          columns={columns}
          rowKey={(d) => d.id}
          caption="Your deposits"
          emptyText="No deposits yet."
          stale={list.isPlaceholderData}
          narrowRow={(d) => (
            <StackedRow
              title={<OrderLink userName={userName} reference={d.referenceNumber} />}
              status={<StatusBadge status={d.status} />}
              detail={`${d.currency} · ${formatDateTime(d.createdAt)}`}
              amount={formatMoney(d.amount)}
            />
          )}
          testId="deposit-history"
          pager={{ page: data.currentPage, totalPages: data.totalPages, onPageChange: setPage }}
        />
      )}
    </QueryView>
  );
}

function WithdrawalHistory({ userId, userName }: { userId: number; userName: string }) {
  const [page, setPage] = useState(1);
  const list = useUserWithdrawals(userId, page);
  const columns: Column<Withdrawal>[] = [
    { label: 'Date', cell: (w) => <span className="whitespace-nowrap">{formatDateTime(w.createdAt)}</span> },
    { label: 'Reference', cell: (w) => <OrderLink userName={userName} reference={w.referenceNumber} /> },
    {
      label: 'To',
      cell: (w) => (
        <span className="block max-w-56 truncate font-mono text-xs" title={w.destination}>
          {w.currency} · {w.destination}
        </span>
      ),
      from: 'lg',
    },
    {
      label: 'Amount',
      numeric: true,
      cell: (w) => <span className="font-semibold whitespace-nowrap">{formatMoney(w.amount)}</span>,
    },
    { label: 'Fee', numeric: true, cell: (w) => formatMoney(w.fee), from: 'md' },
    { label: 'Status', numeric: true, cell: (w) => <StatusBadge status={w.status} /> },
  ];
  return (
    <QueryView query={list} fallback="Failed to fetch withdrawals" loadingLabel="Loading withdrawals...">
      {(data) => (
        <DataTable
          layout="section"
          rows={data.data}
          columns={columns}
          rowKey={(w) => w.id}
          caption="Your withdrawals"
          emptyText="No withdrawals yet."
          stale={list.isPlaceholderData}
          narrowRow={(w) => (
            <StackedRow
              title={<OrderLink userName={userName} reference={w.referenceNumber} />}
              status={<StatusBadge status={w.status} />}
              detail={`${w.currency} · fee ${formatMoney(w.fee)} · ${formatDateTime(w.createdAt)}`}
              amount={formatMoney(w.amount)}
            />
          )}
          testId="withdrawal-history"
          pager={{ page: data.currentPage, totalPages: data.totalPages, onPageChange: setPage }}
        />
      )}
    </QueryView>
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
      <Tabs<HistoryTab>
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
