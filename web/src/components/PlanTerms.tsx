import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toCents } from '@contract/money';
import type { Plan } from '@contract/plans';
import { activeT } from '../lib/activeT';
import { formatCentsUsd, formatPercent } from '../lib/format';
import {
  exitWords,
  annualWords,
  offerSpan,
  periodWords,
  planOffer,
  rateWords,
  termWords,
  type Offer,
} from '../lib/planOffer';

/** The big figure of a plan card: its rate or fixed payout, and what it is of. */
export function rateHeadline(plan: Plan): { figure: string; caption: string } {
  const t = activeT();
  if (plan.fixedPayout !== null)
    return { figure: formatCentsUsd(toCents(plan.fixedPayout)), caption: t('plan.caption.perPayout') };
  return {
    figure: formatPercent(plan.interestRate),
    caption: plan.openEnded ? t('plan.caption.perPayout') : t('plan.caption.overTerm'),
  };
}

/** "Your principal is not returned": said plainly, with what the investor receives for what they put in. */
export function CapitalWarning({ plan, offer }: { plan: Plan; offer: Offer }) {
  const { t } = useTranslation('common');
  const values = { amount: formatCentsUsd(offer.amount), receives: formatCentsUsd(offer.estimate.receives) };
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
      data-testid="capital-not-returned"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong>{t('plan.capital.lead')}</strong>{' '}
        {plan.openEnded
          ? t('plan.capital.openEnded', { ...values, count: offer.estimate.payouts })
          : t('plan.capital.fixed', values)}
      </span>
    </p>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="shrink-0 text-muted">{term}</dt>
      <dd className="min-w-0 text-right font-medium break-words">{children}</dd>
    </div>
  );
}

interface PlanTermsProps {
  plan: Plan;
  holidays?: readonly string[];
  /** The example amount, in cents; the plan's minimum by default. */
  amount?: bigint;
  compoundPercent?: number;
  now?: Date;
  className?: string;
}

/**
 * A plan's terms where it is sold: payouts, term (or the open end, lock and exit fee), the return on an
 * example amount, whether the principal comes back, and the equivalent annual rate, all from the schedule.
 */
export function PlanTerms({ plan, holidays, amount, compoundPercent, now, className = '' }: PlanTermsProps) {
  const { t } = useTranslation('common');
  const offer = planOffer(plan, amount ?? toCents(plan.minimumInvestment), { holidays, compoundPercent, now });
  const { estimate: e } = offer;
  const exit = exitWords(plan);
  const principal = plan.openEnded
    ? plan.earlyExitFee > 0
      ? t('plan.principal.returnedOnEndFee', { fee: formatPercent(plan.earlyExitFee) })
      : t('plan.principal.returnedOnEnd')
    : t('plan.principal.returnedAtEnd');
  return (
    <div className={`flex flex-col gap-3 text-sm ${className}`} data-testid="plan-terms">
      <dl className="flex flex-col gap-1.5">
        <Row term={t('plan.row.payouts')}>{periodWords(plan)}</Row>
        <Row term={t('plan.row.term')}>{termWords(plan)}</Row>
        {exit ? <Row term={t('plan.row.exit')}>{exit}</Row> : null}
        <Row term={t('plan.row.on', { amount: formatCentsUsd(offer.amount) })}>
          {formatCentsUsd(e.returns, { sign: true })} {offerSpan(plan, e)}
        </Row>
        <Row term={t('plan.row.principal')}>{plan.capitalReturned ? principal : t('plan.principal.notReturned')}</Row>
        {/* An open-ended total would depend on when it is ended (and its fee): the rows above say both. */}
        {plan.openEnded ? null : (
          <Row term={t('plan.row.receive')}>{t('plan.inAll', { amount: formatCentsUsd(e.receives) })}</Row>
        )}
        <Row term={t('plan.row.annual')}>{annualWords(offer.annualBp)}</Row>
        {plan.compounding ? (
          <Row term={t('plan.row.compounding')}>
            {t('plan.reinvest', { min: plan.compounding.min, max: plan.compounding.max })}
          </Row>
        ) : null}
        {plan.maxActivePerUser !== null ? (
          <Row term={t('plan.row.limit')}>{t('plan.limit', { count: plan.maxActivePerUser })}</Row>
        ) : null}
      </dl>
      {plan.capitalReturned ? null : <CapitalWarning plan={plan} offer={offer} />}
    </div>
  );
}

/** The same terms in two lines, for a list where a plan is one row (Quick Invest). */
export function PlanTermsCompact({ plan, holidays }: { plan: Plan; holidays?: readonly string[] }) {
  const { t } = useTranslation('common');
  const offer = planOffer(plan, toCents(plan.minimumInvestment), { holidays });
  const { estimate: e } = offer;
  const exit = exitWords(plan);
  const returns = t('plan.compact.returns', {
    returns: formatCentsUsd(e.returns, { sign: true }),
    amount: formatCentsUsd(offer.amount),
    span: offerSpan(plan, e),
  });
  return (
    <div className="flex flex-col gap-1 text-xs text-muted" data-testid="plan-terms">
      <p>
        {periodWords(plan)} · {termWords(plan)} · {rateWords(plan)}
      </p>
      <p>
        {returns} · {annualWords(offer.annualBp)}
        {plan.capitalReturned ? ` · ${t('plan.compact.principalReturned')}` : ''}
      </p>
      {exit ? <p>{exit}.</p> : null}
      {plan.capitalReturned ? null : <CapitalWarning plan={plan} offer={offer} />}
    </div>
  );
}
