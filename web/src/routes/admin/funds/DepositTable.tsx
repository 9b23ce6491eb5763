import type { Deposit } from '../../../api/adminFunds';
import { DataTable, type Column } from '../../../components/DataTable';
import { StatusBadge } from '../../../components/OrderReceipt';
import { DateTimeCell, DecisionButtons, NoAction, UserCell } from '../../../components/TableCells';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { canDecideDeposit, type Decision } from './fundsRules';

interface Props {
  items: Deposit[];
  /** Admins decide; moderators only look. */
  canDecide: boolean;
  onDecide: (deposit: Deposit, decision: Decision) => void;
}

/** One page of deposits with Approve / Reject on those not final yet (spec §2 User Deposits). */
export function DepositTable({ items, canDecide, onDecide }: Props) {
  const actions = (d: Deposit) =>
    canDecideDeposit(d.status) ? (
      <DecisionButtons
        subject={`deposit #${d.id}`}
        onApprove={() => onDecide(d, 'approve')}
        onReject={() => onDecide(d, 'reject')}
      />
    ) : null;
  const columns: Column<Deposit>[] = [
    {
      label: 'User',
      cell: (d) => <UserCell id={d.userId} userName={d.userName} />,
      className: 'max-w-48',
      card: 'title',
    },
    {
      label: 'Amount',
      numeric: true,
      cell: (d) => formatMoney(d.amount),
      className: 'font-medium whitespace-nowrap',
      cardCell: (d) => <span className="font-semibold">{formatMoney(d.amount)}</span>,
    },
    { label: 'Currency', cell: (d) => d.currency, className: 'whitespace-nowrap' },
    { label: 'Status', cell: (d) => <StatusBadge status={d.status} />, card: 'badge' },
    { label: 'Date', cell: (d) => <DateTimeCell iso={d.createdAt} />, cardCell: (d) => formatDateTime(d.createdAt) },
    ...(canDecide
      ? [
          {
            label: 'Actions',
            numeric: true,
            cell: (d: Deposit) => actions(d) ?? <NoAction />,
            card: 'actions' as const,
            cardCell: actions,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(d) => d.id}
      caption="User deposits"
      emptyText="No deposits match this filter."
      minWidth="min-w-[640px]"
      testId="deposit-table"
      rowTestId="deposit-row"
      cardTestId="deposit-item"
      rowData={(d) => ({ 'data-reference': d.referenceNumber })}
      cardReference={(d) => d.referenceNumber}
    />
  );
}
