import { Link } from 'react-router';
import type { TransactionRow, TransactionStatus } from '../../../api/adminFunds';
import { DataTable, type Column } from '../../../components/DataTable';
import { StatusBadge, transactionTypeLabel } from '../../../components/OrderReceipt';
import { DateTimeCell, NoAction, UserCell } from '../../../components/TableCells';
import { statusWord } from '@contract/funds';
import { SignedAmount } from '../../../components/SignedAmount';
import { formatDateTime } from '../../../lib/format';
import { statusTargets } from './fundsRules';

interface Props {
  items: TransactionRow[];
  onChangeStatus: (row: TransactionRow, to: TransactionStatus) => void;
}

/** Only the targets statusTargets allows; picking one asks for confirmation first. */
function StatusControl({
  row,
  onChange,
  wide = false,
}: {
  row: TransactionRow;
  onChange: (to: TransactionStatus) => void;
  wide?: boolean;
}) {
  const targets = statusTargets(row);
  if (targets.length === 0) return wide ? null : <NoAction />;
  return (
    <select
      className={`${wide ? 'w-full' : 'w-36'} rounded-lg border border-line bg-surface px-2 py-1.5 text-sm text-fg focus:border-accent focus:outline-none`}
      value=""
      onChange={(e) => e.target.value && onChange(e.target.value as TransactionStatus)}
      aria-label={`Change status of ${row.referenceNumber}`}
    >
      <option value="">Set status…</option>
      {targets.map((t) => (
        <option key={t} value={t}>
          Mark {t === 'failed' ? 'rejected' : statusWord(t).toLowerCase()}
        </option>
      ))}
    </select>
  );
}

function Reference({ value }: { value: string }) {
  return (
    <Link
      to={`/app/admin/order-confirmation/${encodeURIComponent(value)}`}
      className="font-mono text-xs font-medium whitespace-nowrap text-accent underline-offset-2 hover:underline"
    >
      {value}
    </Link>
  );
}

function TypeCell({ row }: { row: TransactionRow }) {
  return (
    <div className="flex flex-col">
      <span className="whitespace-nowrap">{transactionTypeLabel(row.type)}</span>
      {row.paymentMethod ? <span className="text-xs text-muted">{row.paymentMethod}</span> : null}
    </div>
  );
}

/** One page of transactions; each reference opens its order page. */
export function TransactionTable({ items, onChangeStatus }: Props) {
  const columns: Column<TransactionRow>[] = [
    { label: 'Reference', cell: (t) => <Reference value={t.referenceNumber} />, card: 'title' },
    {
      label: 'User',
      cell: (t) => <UserCell id={t.userId} userName={t.userName} />,
      className: 'max-w-40',
      cardCell: (t) => `${t.userName} (#${t.userId})`,
    },
    {
      label: 'Type',
      cell: (t) => <TypeCell row={t} />,
      cardCell: (t) => `${transactionTypeLabel(t.type)}${t.paymentMethod ? ` · ${t.paymentMethod}` : ''}`,
    },
    {
      label: 'Amount',
      numeric: true,
      cell: (t) => <SignedAmount tx={t} />,
      className: 'font-medium whitespace-nowrap',
      cardCell: (t) => (
        <span className="font-semibold">
          <SignedAmount tx={t} />
        </span>
      ),
    },
    { label: 'Status', cell: (t) => <StatusBadge status={t.state} />, card: 'badge' },
    { label: 'Date', cell: (t) => <DateTimeCell iso={t.createdAt} />, cardCell: (t) => formatDateTime(t.createdAt) },
    {
      label: 'Change status',
      numeric: true,
      cell: (t) => <StatusControl row={t} onChange={(to) => onChangeStatus(t, to)} />,
      card: 'actions',
      cardCell: (t) =>
        statusTargets(t).length > 0 ? <StatusControl row={t} wide onChange={(to) => onChangeStatus(t, to)} /> : null,
    },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(t) => t.id}
      caption="Transactions"
      emptyText="No transactions match these filters."
      minWidth="min-w-[820px]"
      testId="transaction-table"
      rowTestId="transaction-row"
      cardTestId="transaction-item"
      rowData={(t) => ({ 'data-reference': t.referenceNumber })}
      cardReference={(t) => t.referenceNumber}
    />
  );
}
