import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../api/adminFunds';
import { DataTable, type Column } from '../../../components/DataTable';
import { UserCell } from '../../../components/TableCells';
import { formatMoney } from '../../../lib/format';
import { decisionColumns } from './decisionColumns';
import { canDecideDeposit, type Decision } from './fundsRules';

interface Props {
  items: Deposit[];
  /** Admins decide; moderators only look. */
  canDecide: boolean;
  onDecide: (deposit: Deposit, decision: Decision) => void;
}

/** One page of deposits with Approve / Reject on those not final yet (spec §2 User Deposits). */
export function DepositTable({ items, canDecide, onDecide }: Props) {
  const { t } = useTranslation('adminMoney');
  const columns: Column<Deposit>[] = [
    {
      label: t('column.user'),
      cell: (d) => <UserCell id={d.userId} userName={d.userName} />,
      className: 'max-w-48',
      card: 'title',
    },
    {
      label: t('column.amount'),
      numeric: true,
      cell: (d) => formatMoney(d.amount),
      className: 'font-medium whitespace-nowrap',
      cardCell: (d) => <span className="font-semibold">{formatMoney(d.amount)}</span>,
    },
    {
      label: t('column.currency'),
      cell: (d) => (d.manual ? t('deposits.manualCurrency', { currency: d.currency }) : d.currency),
      className: 'whitespace-nowrap',
    },
    ...decisionColumns<Deposit>({ t, noun: 'deposit', canDecide, open: canDecideDeposit, onDecide }),
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(d) => d.id}
      caption={t('deposits.caption')}
      emptyText={t('deposits.empty')}
      minWidth="min-w-[640px]"
      testId="deposit-table"
      rowTestId="deposit-row"
      cardTestId="deposit-item"
      rowData={(d) => ({ 'data-reference': d.referenceNumber })}
      cardReference={(d) => d.referenceNumber}
    />
  );
}
