import { Link } from 'react-router';
import type { StaffInvestment as Investment } from '@contract/investments';
import { DataTable, type Column } from '../../../components/DataTable';
import { Badge } from '../../../components/Notice';
import { formatDate, formatMoney } from '../../../lib/format';

const statusTone = { running: 'success', ended: 'neutral', cancelled: 'error' } as const;

/** The owner's user name, opening Manage Users on that user; the id under it. */
function UserLink({ investment }: { investment: Investment }) {
  return (
    <div className="flex min-w-0 flex-col">
      <Link
        to={`/app/admin/manage-users?search=${encodeURIComponent(investment.userName)}`}
        className="truncate font-medium text-accent hover:underline"
        data-testid="investment-user"
      >
        {investment.userName}
      </Link>
      <span className="text-xs text-muted">ID #{investment.userId}</span>
    </div>
  );
}

interface Props {
  items: Investment[];
  canCancel: boolean;
  onCancel: (investment: Investment) => void;
}

/** One page of investments; admins may cancel a running one. */
export function InvestmentTable({ items, canCancel, onCancel }: Props) {
  const cancel = (inv: Investment) =>
    inv.status === 'running' ? (
      <button
        type="button"
        className="btn-ghost text-danger"
        onClick={() => onCancel(inv)}
        aria-label={`Cancel investment ${inv.id}`}
      >
        Cancel
      </button>
    ) : null;
  const columns: Column<Investment>[] = [
    { label: 'ID', cell: (inv) => `#${inv.id}` },
    {
      label: 'User',
      cell: (inv) => <UserLink investment={inv} />,
      className: 'max-w-40',
      cardCell: (inv) => <UserLink investment={inv} />,
    },
    {
      label: 'Plan',
      cell: (inv) => inv.planName,
      className: 'font-medium',
      card: 'title',
      cardCell: (inv) => <span className="font-medium">{inv.planName}</span>,
    },
    { label: 'Principal', numeric: true, cell: (inv) => formatMoney(inv.principal) },
    { label: 'Earned', numeric: true, cell: (inv) => formatMoney(inv.income) },
    {
      label: 'Progress',
      cell: (inv) =>
        inv.duration === null
          ? `${inv.paidPeriods} payouts, open-ended`
          : `${inv.paidPeriods}/${inv.duration} payouts (${Math.round(inv.progress)}%)`,
      className: 'whitespace-nowrap',
    },
    { label: 'Started', cell: (inv) => formatDate(inv.startDate), className: 'whitespace-nowrap' },
    {
      label: 'Status',
      cell: (inv) => <Badge tone={statusTone[inv.status]}>{inv.status}</Badge>,
      card: 'badge',
    },
    ...(canCancel ? [{ label: 'Actions', hidden: true, numeric: true, cell: cancel, card: 'actions' as const }] : []),
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(inv) => inv.id}
      caption="Investments"
      emptyText="No investments match these filters."
      minWidth="min-w-[720px]"
    />
  );
}
