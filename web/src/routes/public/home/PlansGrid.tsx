import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHolidays, usePlans, type Plan } from '../../../api/investments';
import { PlanTerms, rateHeadline } from '../../../components/PlanTerms';
import { QueryView } from '../../../components/QueryView';
import { Spinner } from '../../../components/Spinner';
import { formatMoney } from '../../../lib/format';
import { RiskNote } from './RiskNote';

/** Spec §2: the second plan of the list wears the badge. */
const POPULAR_INDEX = 1;

function PlanCard({ plan, popular, holidays }: { plan: Plan; popular: boolean; holidays: readonly string[] }) {
  const { t } = useTranslation('public');
  const headingId = `plan-${plan.id}-name`;
  const rate = rateHeadline(plan);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="plan-card"
      className={`card relative flex flex-col p-6 ${popular ? 'border-2 border-accent-bg shadow-lg lg:-translate-y-2' : ''}`}
    >
      {popular ? (
        <span
          className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-accent-bg px-3 py-1 text-xs font-bold text-accent-fg"
          data-testid="most-popular"
        >
          {t('shared.mostPopular')}
        </span>
      ) : null}
      <h3 id={headingId} className="text-xl font-bold">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-muted">{plan.bestFor || plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight">{rate.figure}</span>
        <span className="text-sm text-muted">{rate.caption}</span>
      </p>
      <dl className="mt-5 flex flex-col gap-3 border-t border-line pt-5 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('shared.minimumInvestment')}</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(plan.minimumInvestment)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('shared.maximumInvestment')}</dt>
          <dd className="font-semibold tabular-nums">
            {plan.maximumInvestment > 0 ? formatMoney(plan.maximumInvestment) : t('shared.unlimited')}
          </dd>
        </div>
      </dl>
      <PlanTerms plan={plan} holidays={holidays} className="mt-3" />
      <Link
        to="/register"
        className={`${popular ? 'btn-primary' : 'btn-secondary'} mt-6 w-full`}
        aria-label={t('shared.getStartedWith', { plan: plan.name })}
      >
        {t('shared.getStarted')}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </article>
  );
}

/** The three-column Investment Plans grid of Home, loaded from the server. */
export function PlansGrid() {
  const { t } = useTranslation('public');
  const plans = usePlans();
  const holidays = useHolidays();
  return (
    <section className="bg-surface-2/60 py-16" aria-labelledby="plans-title" data-testid="home-plans">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2 id="plans-title" className="text-3xl font-bold tracking-tight">
            {t('home.plans.title')}
          </h2>
          <p className="mt-2 text-muted">{t('home.plans.lead')}</p>
        </div>
        <div className="mt-10">
          <QueryView
            query={plans}
            fallback={t('home.plans.loadFailed')}
            pending={
              <div className="flex justify-center py-10">
                <Spinner label={t('shared.loadingPlans')} />
              </div>
            }
            empty={{
              when: (list) => list.length === 0,
              view: (
                <p className="rounded-xl border border-dashed border-line p-8 text-center text-muted">
                  {t('shared.noPlans')}
                </p>
              ),
            }}
          >
            {(list) => (
              <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
                {list.map((plan, i) => (
                  <PlanCard key={plan.id} plan={plan} popular={i === POPULAR_INDEX} holidays={holidays} />
                ))}
              </div>
            )}
          </QueryView>
        </div>
        <RiskNote className="mt-8" />
      </div>
    </section>
  );
}
