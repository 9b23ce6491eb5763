import type { Withdrawal } from '../../../api/adminFunds';
import { StatusBadge } from '../../../components/OrderReceipt';
import { formatDateTime, formatMoney } from '../../../lib/format';
import {
  DateTimeCell,
  DecisionButtons,
  EmptyTable,
  ItemCard,
  ItemList,
  NoAction,
  TableFrame,
  UserCell,
  type Column,
} from './FundsTable';
import { canDecideWithdrawal, type Decision } from './fundsRules';

interface Props {
  items: Withdrawal[];
  canDecide: boolean;
  onDecide: (withdrawal: Withdrawal, decision: Decision) => void;
}

/** The full address in a tooltip; the cell shows what fits. */
function Destination({ value }: { value: string }) {
  return (
    <span className="block truncate font-mono text-xs" title={value}>
      {value || '—'}
    </span>
  );
}

/** One page of withdrawals with Approve / Reject on pending ones (spec §2 User Withdrawals). */
export function WithdrawalTable({ items, canDecide, onDecide }: Props) {
  if (items.length === 0) return <EmptyTable>No withdrawals match this filter.</EmptyTable>;
  const columns: Column[] = [
    { label: 'User' },
    { label: 'Amount', numeric: true },
    { label: 'Fee', numeric: true },
    { label: 'Net', numeric: true },
    { label: 'Currency' },
    { label: 'Destination' },
    { label: 'Status' },
    { label: 'Date' },
    ...(canDecide ? [{ label: 'Actions', numeric: true }] : []),
  ];
  const actions = (w: Withdrawal) =>
    canDecideWithdrawal(w.status) ? (
      <DecisionButtons
        subject={`withdrawal #${w.id}`}
        onApprove={() => onDecide(w, 'approve')}
        onReject={() => onDecide(w, 'reject')}
      />
    ) : null;
  return (
    <>
      <TableFrame caption="User withdrawals" columns={columns} minWidth="min-w-[860px]" testId="withdrawal-table">
        {items.map((w) => (
          <tr key={w.id} data-testid="withdrawal-row" data-reference={w.referenceNumber}>
            <td className="max-w-40 px-3 py-3">
              <UserCell id={w.userId} userName={w.userName} />
            </td>
            <td className="px-3 py-3 text-right font-medium whitespace-nowrap">{formatMoney(w.amount)}</td>
            <td className="px-3 py-3 text-right whitespace-nowrap text-muted">{formatMoney(w.fee)}</td>
            <td className="px-3 py-3 text-right whitespace-nowrap">{formatMoney(w.netAmount)}</td>
            <td className="px-3 py-3 whitespace-nowrap">{w.currency}</td>
            <td className="max-w-28 px-3 py-3">
              <Destination value={w.destination} />
            </td>
            <td className="px-3 py-3">
              <StatusBadge status={w.status} />
            </td>
            <td className="px-3 py-3">
              <DateTimeCell iso={w.createdAt} />
            </td>
            {canDecide ? <td className="px-3 py-3 text-right">{actions(w) ?? <NoAction />}</td> : null}
          </tr>
        ))}
      </TableFrame>
      <ItemList label="User withdrawals">
        {items.map((w) => (
          <ItemCard
            key={w.id}
            testId="withdrawal-item"
            reference={w.referenceNumber}
            title={<UserCell id={w.userId} userName={w.userName} />}
            badge={<StatusBadge status={w.status} />}
            fields={[
              { label: 'Amount', value: <span className="font-semibold">{formatMoney(w.amount)}</span> },
              { label: 'Fee', value: formatMoney(w.fee) },
              { label: 'Net', value: formatMoney(w.netAmount) },
              { label: 'Currency', value: w.currency },
              { label: 'Destination', value: <Destination value={w.destination} /> },
              { label: 'Date', value: formatDateTime(w.createdAt) },
            ]}
            actions={canDecide ? actions(w) : null}
          />
        ))}
      </ItemList>
    </>
  );
}
