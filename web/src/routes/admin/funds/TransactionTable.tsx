import { Link } from 'react-router';
import type { TransactionRow, TransactionStatus } from '../../../api/adminFunds';
import { StatusBadge, transactionTypeLabel } from '../../../components/OrderReceipt';
import { formatDateTime, formatMoney } from '../../../lib/format';
import {
  DateTimeCell,
  EmptyTable,
  ItemCard,
  ItemList,
  NoAction,
  TableFrame,
  UserCell,
  type Column,
} from './FundsTable';
import { statusTargets } from './fundsRules';

interface Props {
  items: TransactionRow[];
  onChangeStatus: (row: TransactionRow, to: TransactionStatus) => void;
}

const COLUMNS: Column[] = [
  { label: 'Reference' },
  { label: 'User' },
  { label: 'Type' },
  { label: 'Amount', numeric: true },
  { label: 'Status' },
  { label: 'Date' },
  { label: 'Change status', numeric: true },
];

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
          Mark {t}
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
  if (items.length === 0) return <EmptyTable>No transactions match these filters.</EmptyTable>;
  return (
    <>
      <TableFrame caption="Transactions" columns={COLUMNS} minWidth="min-w-[820px]" testId="transaction-table">
        {items.map((t) => (
          <tr key={t.id} data-testid="transaction-row" data-reference={t.referenceNumber}>
            <td className="px-3 py-3">
              <Reference value={t.referenceNumber} />
            </td>
            <td className="max-w-40 px-3 py-3">
              <UserCell id={t.userId} userName={t.userName} />
            </td>
            <td className="px-3 py-3">
              <TypeCell row={t} />
            </td>
            <td className="px-3 py-3 text-right font-medium whitespace-nowrap">{formatMoney(t.amount)}</td>
            <td className="px-3 py-3">
              <StatusBadge status={t.status} />
            </td>
            <td className="px-3 py-3">
              <DateTimeCell iso={t.createdAt} />
            </td>
            <td className="px-3 py-3 text-right">
              <StatusControl row={t} onChange={(to) => onChangeStatus(t, to)} />
            </td>
          </tr>
        ))}
      </TableFrame>
      <ItemList label="Transactions">
        {items.map((t) => (
          <ItemCard
            key={t.id}
            testId="transaction-item"
            reference={t.referenceNumber}
            title={<Reference value={t.referenceNumber} />}
            badge={<StatusBadge status={t.status} />}
            fields={[
              { label: 'User', value: `${t.userName} (#${t.userId})` },
              {
                label: 'Type',
                value: `${transactionTypeLabel(t.type)}${t.paymentMethod ? ` · ${t.paymentMethod}` : ''}`,
              },
              { label: 'Amount', value: <span className="font-semibold">{formatMoney(t.amount)}</span> },
              { label: 'Date', value: formatDateTime(t.createdAt) },
            ]}
            actions={
              statusTargets(t).length > 0 ? (
                <StatusControl row={t} wide onChange={(to) => onChangeStatus(t, to)} />
              ) : null
            }
          />
        ))}
      </ItemList>
    </>
  );
}
