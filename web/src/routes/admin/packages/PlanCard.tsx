import { Pencil, Trash2 } from 'lucide-react';
import type { Plan } from '../../../api/investments';
import { Badge } from '../../../components/Notice';
import { formatMoney } from '../../../lib/format';
import { exitWords, periodWords, rateWords, termWords } from '../../../lib/planOffer';

interface PlanCardProps {
  plan: Plan;
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** One plan: range, every option, subscribers and (for admins) Edit / Delete. */
export function PlanCard({ plan, canWrite, onEdit, onDelete }: PlanCardProps) {
  return (
    <article className="card flex flex-col gap-3 p-4" data-testid="plan-card">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">{plan.name}</h3>
        {plan.archived ? <Badge tone="neutral">Archived</Badge> : <Badge tone="success">Open</Badge>}
      </div>
      <p className="line-clamp-2 text-sm text-muted">{plan.description}</p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Range</dt>
        <dd className="text-right font-medium">
          {formatMoney(plan.minimumInvestment)} – {formatMoney(plan.maximumInvestment)}
        </dd>
        <dt className="text-muted">Return</dt>
        <dd className="text-right">{rateWords(plan)}</dd>
        <dt className="text-muted">Payouts</dt>
        <dd className="text-right">{periodWords(plan)}</dd>
        <dt className="text-muted">Term</dt>
        <dd className="text-right">{plan.openEnded ? 'Open-ended' : termWords(plan)}</dd>
        {plan.openEnded ? (
          <>
            <dt className="text-muted">Ending it</dt>
            <dd className="text-right">{exitWords(plan)}</dd>
          </>
        ) : null}
        <dt className="text-muted">Principal</dt>
        <dd className={`text-right ${plan.capitalReturned ? '' : 'font-semibold text-danger'}`}>
          {plan.capitalReturned ? 'Returned' : 'Not returned'}
        </dd>
        <dt className="text-muted">Compounding</dt>
        <dd className="text-right">{plan.compounding ? `${plan.compounding.min}–${plan.compounding.max}%` : 'None'}</dd>
        <dt className="text-muted">Per investor</dt>
        <dd className="text-right">{plan.maxActivePerUser === null ? 'No cap' : `Up to ${plan.maxActivePerUser}`}</dd>
        <dt className="text-muted">Active Subscribers</dt>
        <dd className="text-right font-medium">{plan.activeSubscribers}</dd>
      </dl>
      {canWrite ? (
        <div className="mt-auto flex gap-2">
          <button type="button" className="btn-secondary flex-1" onClick={onEdit} aria-label={`Edit ${plan.name}`}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </button>
          <button
            type="button"
            className="btn-secondary flex-1 text-danger"
            onClick={onDelete}
            disabled={plan.archived}
            aria-label={`Delete ${plan.name}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Delete
          </button>
        </div>
      ) : null}
    </article>
  );
}
