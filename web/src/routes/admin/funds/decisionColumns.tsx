import type { ReactNode } from 'react';
import type { Column } from '../../../components/DataTable';
import { DateTimeCell, DecisionButtons, NoAction } from '../../../components/TableCells';
import { formatDateTime } from '../../../lib/format';
import type { Decision, MoneyT } from './fundsRules';
import { StatusBadge } from '../../../components/OrderReceipt';

interface Decidable {
  id: number;
  status: string;
  createdAt: string;
}

const SUBJECT = { deposit: 'decision.subject.deposit', withdrawal: 'decision.subject.withdrawal' } as const;

/**
 * The Status, Date and (for admins) Actions columns of a deposit or withdrawal list: Approve / Reject on
 * the rows `open` says are not final yet.
 */
export function decisionColumns<T extends Decidable>(d: {
  t: MoneyT;
  noun: keyof typeof SUBJECT;
  canDecide: boolean;
  open: (status: T['status']) => boolean;
  onDecide: (row: T, decision: Decision) => void;
  /** What the table shows under a row's status badge (the card shows the badge alone). */
  statusDetail?: (row: T) => ReactNode;
  /** The Approve button of a row: its text, and why this staff member cannot approve it (then no button). */
  approval?: (row: T) => { label: string; blocked: string | null };
}): Column<T>[] {
  const { t } = d;
  const actions = (row: T): ReactNode =>
    d.open(row.status) ? (
      <DecisionButtons
        subject={t(SUBJECT[d.noun], { id: row.id })}
        approveLabel={d.approval?.(row).label ?? t('approval.approve')}
        approveBlocked={d.approval?.(row).blocked}
        onApprove={() => d.onDecide(row, 'approve')}
        onReject={() => d.onDecide(row, 'reject')}
      />
    ) : null;
  return [
    {
      label: t('column.status'),
      cell: (row) => {
        const detail = d.statusDetail?.(row);
        return detail ? (
          <div className="flex flex-col items-start gap-1">
            <StatusBadge status={row.status} />
            {detail}
          </div>
        ) : (
          <StatusBadge status={row.status} />
        );
      },
      cardCell: (row) => <StatusBadge status={row.status} />,
      card: 'badge',
    },
    {
      label: t('column.date'),
      cell: (row) => <DateTimeCell iso={row.createdAt} />,
      cardCell: (row) => formatDateTime(row.createdAt),
    },
    ...(d.canDecide
      ? [
          {
            label: t('column.actions'),
            numeric: true,
            cell: (row: T) => actions(row) ?? <NoAction />,
            card: 'actions' as const,
            cardCell: actions,
          },
        ]
      : []),
  ];
}
