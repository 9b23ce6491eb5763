import type { Withdrawal } from '../../../api/adminFunds';
import { DataTable, type Column } from '../../../components/DataTable';
import { UserCell } from '../../../components/TableCells';
import { formatMoney } from '../../../lib/format';
import { decisionColumns } from './decisionColumns';
import { canDecideWithdrawal, type Decision } from './fundsRules';

interface Props {
  items: Withdrawal[];
  canDecide: boolean;
  onDecide: (withdrawal: Withdrawal, decision: Decision) => void;
}

/**
 * The currency over the address it is paid to (one column for both, so the table fits 1280 px with its
 * actions); the full address in a tooltip, the cell shows what fits.
 */
function Destination({ currency, value }: { currency: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="font-medium whitespace-nowrap">{currency}</span>
      <span className="block truncate font-mono text-xs text-muted" title={value}>
        {value || '—'}
      </span>
    </div>
  );
}

/** One page of withdrawals with Approve / Reject on pending ones (spec §2 User Withdrawals). */
export function WithdrawalTable({ items, canDecide, onDecide }: Props) {
  const columns: Column<Withdrawal>[] = [
    {
      label: 'User',
      cell: (w) => <UserCell id={w.userId} userName={w.userName} />,
      className: 'max-w-40',
      card: 'title',
    },
    {
      label: 'Amount',
      numeric: true,
      cell: (w) => formatMoney(w.amount),
      className: 'font-medium whitespace-nowrap',
      cardCell: (w) => <span className="font-semibold">{formatMoney(w.amount)}</span>,
    },
    {
      label: 'Fee',
      numeric: true,
      cell: (w) => formatMoney(w.fee),
      className: 'whitespace-nowrap text-muted',
    },
    { label: 'Net', numeric: true, cell: (w) => formatMoney(w.netAmount), className: 'whitespace-nowrap' },
    {
      label: 'Destination',
      cell: (w) => <Destination currency={w.currency} value={w.destination} />,
      className: 'max-w-32',
    },
    ...decisionColumns<Withdrawal>({ noun: 'withdrawal', canDecide, open: canDecideWithdrawal, onDecide }),
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(w) => w.id}
      caption="User withdrawals"
      emptyText="No withdrawals match this filter."
      minWidth="min-w-[860px]"
      testId="withdrawal-table"
      rowTestId="withdrawal-row"
      cardTestId="withdrawal-item"
      rowData={(w) => ({ 'data-reference': w.referenceNumber })}
      cardReference={(w) => w.referenceNumber}
    />
  );
}
