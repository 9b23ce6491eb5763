import type { Investment } from '../../../api/investments';
import { Badge } from '../../../components/Notice';
import { formatDate, formatMoney } from '../../../lib/format';

const statusTone = { running: 'success', ended: 'neutral', cancelled: 'error' } as const;

interface Props {
  items: Investment[];
  canCancel: boolean;
  onCancel: (investment: Investment) => void;
}

/** One page of investments; admins may cancel a running one. */
export function InvestmentTable({ items, canCancel, onCancel }: Props) {
  if (items.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-muted">
        No investments match these filters.
      </p>
    );
  return (
    <div className="card relative w-full max-w-full overflow-x-auto">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">Investments</caption>
        <thead className="border-b border-line text-xs text-muted uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              ID
            </th>
            <th scope="col" className="px-4 py-3">
              User
            </th>
            <th scope="col" className="px-4 py-3">
              Plan
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Principal
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Earned
            </th>
            <th scope="col" className="px-4 py-3">
              Progress
            </th>
            <th scope="col" className="px-4 py-3">
              Started
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            {canCancel ? (
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {items.map((inv) => (
            <tr key={inv.id}>
              <td className="px-4 py-3">#{inv.id}</td>
              <td className="px-4 py-3">{inv.userId}</td>
              <td className="px-4 py-3 font-medium">{inv.planName}</td>
              <td className="px-4 py-3 text-right">{formatMoney(inv.principal)}</td>
              <td className="px-4 py-3 text-right">{formatMoney(inv.income)}</td>
              <td className="px-4 py-3 whitespace-nowrap">
                {inv.paidDays}/{inv.duration} days ({Math.round(inv.progress)}%)
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(inv.startDate)}</td>
              <td className="px-4 py-3">
                <Badge tone={statusTone[inv.status]}>{inv.status}</Badge>
              </td>
              {canCancel ? (
                <td className="px-4 py-3 text-right">
                  {inv.status === 'running' ? (
                    <button
                      type="button"
                      className="btn-ghost text-danger"
                      onClick={() => onCancel(inv)}
                      aria-label={`Cancel investment ${inv.id}`}
                    >
                      Cancel
                    </button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
