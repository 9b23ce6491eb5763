import type { ParseKeys } from 'i18next';
import { Check, RotateCw } from 'lucide-react';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { defaultBenefits } from '@contract/plan-terms';
import type { PayoutPeriod } from '@contract/schedule';
import { useHolidays, usePlans, type Plan } from '../../../api/investments';
import { PlanTerms, rateHeadline } from '../../../components/PlanTerms';
import { QueryView } from '../../../components/QueryView';
import { Spinner } from '../../../components/Spinner';
import { formatMoney } from '../../../lib/format';

/** Accent stripe per plan colour (spec §3: blue, green, purple, gold; otherwise cycles blue/purple/green). */
const stripes: Record<string, string> = {
  blue: 'bg-sky-500',
  green: 'bg-emerald-500',
  purple: 'bg-violet-500',
  gold: 'bg-amber-400',
};
const cycle = [stripes.blue, stripes.purple, stripes.green];
export const planStripe = (plan: Pick<Plan, 'color'>, index: number) =>
  stripes[plan.color] ?? cycle[index % cycle.length];

const PAYOUT_BENEFIT = {
  hourly: 'pages.plans.benefit.hourly',
  daily: 'pages.plans.benefit.daily',
  weekly: 'pages.plans.benefit.weekly',
  monthly: 'pages.plans.benefit.monthly',
} as const satisfies Record<PayoutPeriod, ParseKeys<'publicPages'>>;

/** The keys of what a plan without its own list promises: the same four lines as contract's defaultBenefits. */
function defaultBenefitKeys(plan: Plan): ParseKeys<'publicPages'>[] {
  const principal = !plan.capitalReturned
    ? 'pages.plans.benefit.principalNotReturned'
    : plan.openEnded
      ? 'pages.plans.benefit.principalWhenEnded'
      : 'pages.plans.benefit.principalAtEnd';
  return [
    PAYOUT_BENEFIT[plan.payoutPeriod],
    'pages.plans.benefit.profitsAnyTime',
    principal,
    'pages.plans.benefit.ledger',
  ];
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function PlanCard({ plan, index, holidays }: { plan: Plan; index: number; holidays: readonly string[] }) {
  const { t } = useTranslation(['publicPages', 'public']);
  const popular = index === 1;
  const rate = rateHeadline(plan);
  // The server sends the default list, in English, for a plan without its own: shown in the
  // active language. A list the operator wrote is shown as written.
  const benefits =
    plan.benefits.length === 0 || sameList(plan.benefits, defaultBenefits(plan))
      ? defaultBenefitKeys(plan).map((key) => t(key))
      : plan.benefits;
  return (
    <article
      className={`card relative flex flex-col overflow-hidden ${popular ? 'ring-2 ring-accent-bg' : ''}`}
      data-testid="public-plan-card"
      aria-labelledby={`plan-${plan.id}-name`}
    >
      <div className={`h-1.5 ${planStripe(plan, index)}`} aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-4 p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={`plan-${plan.id}-name`} className="text-xl font-bold break-words">
            {plan.name}
          </h3>
          {popular ? (
            <span className="rounded-full bg-accent-bg px-2.5 py-0.5 text-xs font-semibold text-accent-fg">
              {t('public:shared.mostPopular')}
            </span>
          ) : null}
        </div>
        <p className="text-sm text-muted">{plan.description}</p>
        <p>
          <span className="text-4xl font-extrabold tracking-tight">{rate.figure}</span>
          <span className="ml-1 text-sm text-muted">{rate.caption}</span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted">{t('public:shared.minimumInvestment')}</dt>
          <dd className="text-right font-medium">{formatMoney(plan.minimumInvestment)}</dd>
          <dt className="text-muted">{t('public:shared.maximumInvestment')}</dt>
          <dd className="text-right font-medium">
            {plan.maximumInvestment > 0 ? formatMoney(plan.maximumInvestment) : t('public:shared.unlimited')}
          </dd>
          {plan.bestFor ? (
            <>
              <dt className="text-muted">{t('pages.plans.bestFor')}</dt>
              <dd className="text-right font-medium">{plan.bestFor}</dd>
            </>
          ) : null}
        </dl>
        <PlanTerms plan={plan} holidays={holidays} />
        <ul className="flex flex-col gap-2 border-t border-line pt-4 text-sm">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
              {benefit}
            </li>
          ))}
        </ul>
        <Link
          to="/register"
          className={`${popular ? 'btn-primary' : 'btn-secondary'} mt-auto w-full`}
          aria-label={t('public:shared.getStartedWith', { plan: plan.name })}
        >
          {t('public:shared.getStarted')}
        </Link>
      </div>
    </article>
  );
}

/** The open plans from the API (spec §4 Plans fetch: loading, error with retry, loaded). */
export function PlanGrid() {
  // The plans arrive as a store update, which React draws at once and in one piece (on a phone, a
  // long task of every card and its terms). The cards are drawn from deferred copies instead:
  // React draws them in the background, in slices that leave the browser its turns.
  const plans = useDeferredValue(usePlans());
  const holidays = useDeferredValue(useHolidays());
  return <Cards plans={plans} holidays={holidays} />;
}

const Cards = memo(function Cards({ plans, holidays }: { plans: UseQueryResult<Plan[]>; holidays: readonly string[] }) {
  const { t } = useTranslation(['publicPages', 'public']);
  return (
    <QueryView
      query={plans}
      pending={
        <div className="flex justify-center py-12" data-testid="plans-loading">
          <Spinner label={t('public:shared.loadingPlans')} />
        </div>
      }
      renderError={(error) => (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 rounded-xl border border-line bg-surface p-8 text-center"
          data-testid="plans-error"
        >
          <p className="text-danger">{t('pages.plans.loadError', { message: errorMessage(error, error.message) })}</p>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void plans.refetch()}
            disabled={plans.isFetching}
          >
            <RotateCw className={`size-4 ${plans.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
            {t('public:shared.retry')}
          </button>
        </div>
      )}
      empty={{
        when: (list) => list.length === 0,
        view: (
          <p className="rounded-xl border border-line bg-surface p-8 text-center text-muted">
            {t('public:shared.noPlans')}
          </p>
        ),
      }}
    >
      {(list) => (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {list.map((plan, index) => (
            <PlanCard key={plan.id} plan={plan} index={index} holidays={holidays} />
          ))}
        </div>
      )}
    </QueryView>
  );
});
