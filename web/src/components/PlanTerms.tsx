import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatUsd, toCents } from '@contract/money';
import type { Plan } from '@contract/plans';
import {
  exitWords,
  annualWords,
  offerSpan,
  payoutsWord,
  periodWords,
  planOffer,
  rateWords,
  termWords,
  type Offer,
} from '../lib/planOffer';

/** The big figure of a plan card: its rate or fixed payout, and what it is of. */
export function rateHeadline(plan: Plan): { figure: string; caption: string } {
  if (plan.fixedPayout !== null) return { figure: formatUsd(toCents(plan.fixedPayout)), caption: 'per payout' };
  return { figure: `${plan.interestRate}%`, caption: plan.openEnded ? 'per payout' : 'interest rate over the term' };
}

/** "Your principal is not returned": said plainly, with what the investor receives for what they put in. */
export function CapitalWarning({ plan, offer }: { plan: Plan; offer: Offer }) {
  const span = plan.openEnded ? ` over the first ${payoutsWord(offer.estimate.payouts)}` : ' in all';
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
      data-testid="capital-not-returned"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong>Your principal is not returned.</strong> For {formatUsd(offer.amount)} you receive{' '}
        {formatUsd(offer.estimate.receives)}
        {span}.
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
  const offer = planOffer(plan, amount ?? toCents(plan.minimumInvestment), { holidays, compoundPercent, now });
  const { estimate: e } = offer;
  const exit = exitWords(plan);
  const principal = plan.openEnded
    ? `Returned when you end it${plan.earlyExitFee > 0 ? `, less the ${plan.earlyExitFee}% fee` : ''}`
    : 'Returned at the end of the term';
  return (
    <div className={`flex flex-col gap-3 text-sm ${className}`} data-testid="plan-terms">
      <dl className="flex flex-col gap-1.5">
        <Row term="Payouts">{periodWords(plan)}</Row>
        <Row term="Term">{termWords(plan)}</Row>
        {exit ? <Row term="Ending it">{exit}</Row> : null}
        <Row term={`On ${formatUsd(offer.amount)}`}>
          {formatUsd(e.returns, { sign: true })} {offerSpan(plan, e)}
        </Row>
        <Row term="Principal">{plan.capitalReturned ? principal : 'Not returned'}</Row>
        {/* An open-ended total would depend on when it is ended (and its fee): the rows above say both. */}
        {plan.openEnded ? null : <Row term="You receive">{formatUsd(e.receives)} in all</Row>}
        <Row term="Annual rate">{annualWords(offer.annualBp)}</Row>
        {plan.compounding ? (
          <Row term="Compounding">
            You may reinvest {plan.compounding.min}–{plan.compounding.max}% of each payout
          </Row>
        ) : null}
        {plan.maxActivePerUser !== null ? (
          <Row term="Limit">Up to {plan.maxActivePerUser} running per investor</Row>
        ) : null}
      </dl>
      {plan.capitalReturned ? null : <CapitalWarning plan={plan} offer={offer} />}
    </div>
  );
}

/** The same terms in two lines, for a list where a plan is one row (Quick Invest). */
export function PlanTermsCompact({ plan, holidays }: { plan: Plan; holidays?: readonly string[] }) {
  const offer = planOffer(plan, toCents(plan.minimumInvestment), { holidays });
  const { estimate: e } = offer;
  const exit = exitWords(plan);
  return (
    <div className="flex flex-col gap-1 text-xs text-muted" data-testid="plan-terms">
      <p>
        {periodWords(plan)} · {termWords(plan)} · {rateWords(plan)}
      </p>
      <p>
        {formatUsd(e.returns, { sign: true })} on {formatUsd(offer.amount)} {offerSpan(plan, e)} ·{' '}
        {annualWords(offer.annualBp)}
        {plan.capitalReturned ? ' · principal returned' : ''}
      </p>
      {exit ? <p>{exit}.</p> : null}
      {plan.capitalReturned ? null : <CapitalWarning plan={plan} offer={offer} />}
    </div>
  );
}
