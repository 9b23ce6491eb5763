import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StaffInvestment as Investment } from '@contract/investments';
import { DataTable, type Column } from '../../../components/DataTable';
import { Badge } from '../../../components/Notice';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';

const statusTone = { running: 'success', ended: 'neutral', cancelled: 'error' } as const;
const STATUS = {
  running: 'investments.status.running',
  ended: 'investments.status.ended',
  cancelled: 'investments.status.cancelled',
} as const satisfies Record<Investment['status'], string>;

/** The owner's user name, opening Manage Users on that user; the id under it. */
function UserLink({ investment }: { investment: Investment }) {
  const { t } = useTranslation('adminMoney');
  return (
    <div className="flex min-w-0 flex-col">
      <Link
        to={`/app/admin/manage-users?search=${encodeURIComponent(investment.userName)}`}
        className="truncate font-medium text-accent hover:underline"
        data-testid="investment-user"
      >
        {investment.userName}
      </Link>
      <span className="text-xs text-muted">{t('investments.userId', { id: investment.userId })}</span>
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
  const { t } = useTranslation('adminMoney');
  const cancel = (inv: Investment) =>
    inv.status === 'running' ? (
      <button
        type="button"
        className="btn-ghost text-danger"
        onClick={() => onCancel(inv)}
        aria-label={t('investments.cancelOne', { id: inv.id })}
      >
        {t('investments.cancel')}
      </button>
    ) : null;
  const columns: Column<Investment>[] = [
    { label: t('column.id'), cell: (inv) => `#${inv.id}` },
    {
      label: t('column.user'),
      cell: (inv) => <UserLink investment={inv} />,
      className: 'max-w-40',
      cardCell: (inv) => <UserLink investment={inv} />,
    },
    {
      label: t('column.plan'),
      cell: (inv) => inv.planName,
      className: 'font-medium',
      card: 'title',
      cardCell: (inv) => <span className="font-medium">{inv.planName}</span>,
    },
    { label: t('column.principal'), numeric: true, cell: (inv) => formatMoney(inv.principal) },
    { label: t('column.earned'), numeric: true, cell: (inv) => formatMoney(inv.income) },
    {
      label: t('column.progress'),
      cell: (inv) =>
        inv.duration === null
          ? t('investments.progress.openEnded', { count: inv.paidPeriods, paid: formatNumber(inv.paidPeriods) })
          : t('investments.progress.fixed', {
              count: inv.duration,
              paid: formatNumber(inv.paidPeriods),
              duration: formatNumber(inv.duration),
              percent: formatNumber(Math.round(inv.progress) / 100, { style: 'percent' }),
            }),
      className: 'whitespace-nowrap',
    },
    { label: t('column.started'), cell: (inv) => formatDate(inv.startDate), className: 'whitespace-nowrap' },
    {
      label: t('column.status'),
      cell: (inv) => <Badge tone={statusTone[inv.status]}>{t(STATUS[inv.status])}</Badge>,
      card: 'badge',
    },
    ...(canCancel
      ? [{ label: t('column.actions'), hidden: true, numeric: true, cell: cancel, card: 'actions' as const }]
      : []),
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(inv) => inv.id}
      caption={t('investments.caption')}
      emptyText={t('investments.empty')}
      minWidth="min-w-[720px]"
    />
  );
}
