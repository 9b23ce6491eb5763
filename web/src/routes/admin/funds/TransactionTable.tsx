import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TransactionRow, TransactionStatus } from '../../../api/adminFunds';
import { DataTable, type Column } from '../../../components/DataTable';
import { DateTimeCell, NoAction, UserCell } from '../../../components/TableCells';
import { SignedAmount } from '../../../components/SignedAmount';
import { formatDateTime } from '../../../lib/format';
import { useMoneyWords } from '../../../lib/words';
import { statusTargets } from './fundsRules';
import { StatusBadge } from '../../../components/OrderReceipt';

interface Props {
  items: TransactionRow[];
  onChangeStatus: (row: TransactionRow, to: TransactionStatus) => void;
}

/** How each target reads in the control: completing credits or pays, failing rejects. */
const MARK = {
  completed: 'transactions.mark.completed',
  failed: 'transactions.mark.failed',
  pending: 'transactions.mark.pending',
  cancelled: 'transactions.mark.cancelled',
} as const satisfies Record<TransactionStatus, string>;

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
  const { t } = useTranslation('adminMoney');
  const targets = statusTargets(row);
  if (targets.length === 0) return wide ? null : <NoAction />;
  return (
    <select
      className={`${wide ? 'w-full' : 'w-36'} rounded-lg border border-line bg-surface px-2 py-1.5 text-sm text-fg focus:border-accent focus:outline-none`}
      value=""
      onChange={(e) => e.target.value && onChange(e.target.value as TransactionStatus)}
      aria-label={t('transactions.changeStatusOf', { reference: row.referenceNumber })}
    >
      <option value="">{t('transactions.setStatus')}</option>
      {targets.map((to) => (
        <option key={to} value={to}>
          {t(MARK[to])}
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
  const words = useMoneyWords();
  return (
    <div className="flex flex-col">
      {/* May wrap: "Ручное пополнение" would push the table past 1280 px. */}
      <span>{words.transactionType(row.type)}</span>
      {row.paymentMethod ? <span className="text-xs text-muted">{row.paymentMethod}</span> : null}
    </div>
  );
}

/** One page of transactions; each reference opens its order page. */
export function TransactionTable({ items, onChangeStatus }: Props) {
  const { t } = useTranslation('adminMoney');
  const words = useMoneyWords();
  const columns: Column<TransactionRow>[] = [
    { label: t('column.reference'), cell: (tx) => <Reference value={tx.referenceNumber} />, card: 'title' },
    {
      label: t('column.user'),
      cell: (tx) => <UserCell id={tx.userId} userName={tx.userName} />,
      className: 'max-w-40',
      cardCell: (tx) => `${tx.userName} (#${tx.userId})`,
    },
    {
      label: t('column.type'),
      cell: (tx) => <TypeCell row={tx} />,
      cardCell: (tx) => `${words.transactionType(tx.type)}${tx.paymentMethod ? ` · ${tx.paymentMethod}` : ''}`,
    },
    {
      label: t('column.amount'),
      numeric: true,
      cell: (tx) => <SignedAmount tx={tx} />,
      className: 'font-medium whitespace-nowrap',
      cardCell: (tx) => (
        <span className="font-semibold">
          <SignedAmount tx={tx} />
        </span>
      ),
    },
    { label: t('column.status'), cell: (tx) => <StatusBadge status={tx.state} />, card: 'badge' },
    {
      label: t('column.date'),
      cell: (tx) => <DateTimeCell iso={tx.createdAt} />,
      cardCell: (tx) => formatDateTime(tx.createdAt),
    },
    {
      label: t('column.changeStatus'),
      numeric: true,
      cell: (tx) => <StatusControl row={tx} onChange={(to) => onChangeStatus(tx, to)} />,
      card: 'actions',
      cardCell: (tx) =>
        statusTargets(tx).length > 0 ? <StatusControl row={tx} wide onChange={(to) => onChangeStatus(tx, to)} /> : null,
    },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(tx) => tx.id}
      caption={t('transactions.caption')}
      emptyText={t('transactions.empty')}
      minWidth="min-w-[820px]"
      testId="transaction-table"
      rowTestId="transaction-row"
      cardTestId="transaction-item"
      rowData={(tx) => ({ 'data-reference': tx.referenceNumber })}
      cardReference={(tx) => tx.referenceNumber}
    />
  );
}
