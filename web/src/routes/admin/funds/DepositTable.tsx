import type { Deposit } from '../../../api/adminFunds';
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
import { canDecideDeposit, type Decision } from './fundsRules';

interface Props {
  items: Deposit[];
  /** Admins decide; moderators only look. */
  canDecide: boolean;
  onDecide: (deposit: Deposit, decision: Decision) => void;
}

/** One page of deposits with Approve / Reject on those not final yet (spec §2 User Deposits). */
export function DepositTable({ items, canDecide, onDecide }: Props) {
  if (items.length === 0) return <EmptyTable>No deposits match this filter.</EmptyTable>;
  const columns: Column[] = [
    { label: 'User' },
    { label: 'Amount', numeric: true },
    { label: 'Currency' },
    { label: 'Status' },
    { label: 'Date' },
    ...(canDecide ? [{ label: 'Actions', numeric: true }] : []),
  ];
  const actions = (d: Deposit) =>
    canDecideDeposit(d.status) ? (
      <DecisionButtons
        subject={`deposit #${d.id}`}
        onApprove={() => onDecide(d, 'approve')}
        onReject={() => onDecide(d, 'reject')}
      />
    ) : null;
  return (
    <>
      <TableFrame caption="User deposits" columns={columns} minWidth="min-w-[640px]" testId="deposit-table">
        {items.map((d) => (
          <tr key={d.id} data-testid="deposit-row" data-reference={d.referenceNumber}>
            <td className="max-w-48 px-3 py-3">
              <UserCell id={d.userId} userName={d.userName} />
            </td>
            <td className="px-3 py-3 text-right font-medium whitespace-nowrap">{formatMoney(d.amount)}</td>
            <td className="px-3 py-3 whitespace-nowrap">{d.currency}</td>
            <td className="px-3 py-3">
              <StatusBadge status={d.status} />
            </td>
            <td className="px-3 py-3">
              <DateTimeCell iso={d.createdAt} />
            </td>
            {canDecide ? <td className="px-3 py-3 text-right">{actions(d) ?? <NoAction />}</td> : null}
          </tr>
        ))}
      </TableFrame>
      <ItemList label="User deposits">
        {items.map((d) => (
          <ItemCard
            key={d.id}
            testId="deposit-item"
            reference={d.referenceNumber}
            title={<UserCell id={d.userId} userName={d.userName} />}
            badge={<StatusBadge status={d.status} />}
            fields={[
              { label: 'Amount', value: <span className="font-semibold">{formatMoney(d.amount)}</span> },
              { label: 'Currency', value: d.currency },
              { label: 'Date', value: formatDateTime(d.createdAt) },
            ]}
            actions={canDecide ? actions(d) : null}
          />
        ))}
      </ItemList>
    </>
  );
}
