import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../../api/investments';
import { Badge } from '../../../components/Notice';
import { formatMoney, formatNumber } from '../../../lib/format';
import { exitWords, periodWords, rateWords, termWords } from '../../../lib/planOffer';

interface PlanCardProps {
  plan: Plan;
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** One plan: range, every option, subscribers and (for admins) Edit / Delete. */
export function PlanCard({ plan, canWrite, onEdit, onDelete }: PlanCardProps) {
  const { t } = useTranslation('adminMoney');
  const { t: tc } = useTranslation('common');
  return (
    <article className="card flex flex-col gap-3 p-4" data-testid="plan-card">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">{plan.name}</h3>
        {plan.archived ? (
          <Badge tone="neutral">{t('plan.card.archived')}</Badge>
        ) : (
          <Badge tone="success">{t('plan.card.open')}</Badge>
        )}
      </div>
      <p className="line-clamp-2 text-sm text-muted">{plan.description}</p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('plan.card.range')}</dt>
        <dd className="text-right font-medium">
          {formatMoney(plan.minimumInvestment)} – {formatMoney(plan.maximumInvestment)}
        </dd>
        <dt className="text-muted">{t('plan.card.return')}</dt>
        <dd className="text-right">{rateWords(plan)}</dd>
        <dt className="text-muted">{t('plan.card.payouts')}</dt>
        <dd className="text-right">{periodWords(plan)}</dd>
        <dt className="text-muted">{t('plan.card.term')}</dt>
        <dd className="text-right">
          {plan.openEnded || plan.duration === null ? t('plan.card.openEnded') : termWords(plan)}
        </dd>
        {plan.openEnded ? (
          <>
            <dt className="text-muted">{t('plan.card.endingIt')}</dt>
            <dd className="text-right">{exitWords(plan)}</dd>
          </>
        ) : null}
        <dt className="text-muted">{t('plan.card.principal')}</dt>
        <dd className={`text-right ${plan.capitalReturned ? '' : 'font-semibold text-danger'}`}>
          {plan.capitalReturned ? t('plan.card.returned') : t('plan.card.notReturned')}
        </dd>
        <dt className="text-muted">{t('plan.card.compounding')}</dt>
        <dd className="text-right">
          {plan.compounding
            ? t('plan.card.compoundingRange', {
                min: formatNumber(plan.compounding.min),
                max: formatNumber(plan.compounding.max),
              })
            : t('plan.card.noCompounding')}
        </dd>
        <dt className="text-muted">{t('plan.card.perInvestor')}</dt>
        <dd className="text-right">
          {plan.maxActivePerUser === null
            ? t('plan.card.noCap')
            : t('plan.card.upTo', { max: formatNumber(plan.maxActivePerUser) })}
        </dd>
        <dt className="text-muted">{t('plan.card.activeSubscribers')}</dt>
        <dd className="text-right font-medium">{formatNumber(plan.activeSubscribers)}</dd>
      </dl>
      {canWrite ? (
        <div className="mt-auto flex gap-2">
          <button
            type="button"
            className="btn-secondary flex-1"
            onClick={onEdit}
            aria-label={t('plan.card.editNamed', { name: plan.name })}
          >
            <Pencil className="size-4" aria-hidden="true" />
            {tc('action.edit')}
          </button>
          <button
            type="button"
            className="btn-secondary flex-1 text-danger"
            onClick={onDelete}
            disabled={plan.archived}
            aria-label={t('plan.card.deleteNamed', { name: plan.name })}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {tc('action.delete')}
          </button>
        </div>
      ) : null}
    </article>
  );
}
