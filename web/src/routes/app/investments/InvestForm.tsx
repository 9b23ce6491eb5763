import { zodResolver } from '@hookform/resolvers/zod';
import { PlusCircle } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { InvestMsg } from '@contract/investments';
import { formatCents, toCents } from '@contract/money';
import { ReturnMsg } from '@contract/returns';
import { errorMessage } from '../../../api/client';
import { useHolidays, useInvest, usePlans, type Plan } from '../../../api/investments';
import { SectionCard } from '../../../components/Card';
import { Field, TextField, inputClass } from '../../../components/FormField';
import { KycInvestNotice } from '../../../components/KycInvestNotice';
import { CapitalWarning, PlanTerms } from '../../../components/PlanTerms';
import { translateMessage } from '../../../i18n/messages';
import { formatCentsUsd, formatMoney, formatPercent } from '../../../lib/format';
import { annualWords, planHeadline, planOffer, type Offer } from '../../../lib/planOffer';

interface EstimateOptions {
  holidays?: readonly string[];
  compoundPercent?: number;
  now?: Date;
}

/** A plan that cannot pay anything: no rate and no fixed payout, or a fixed term without a length. */
const broken = (plan: Plan) =>
  (plan.fixedPayout === null && plan.interestRate <= 0) || (!plan.openEnded && !plan.duration);

/** The live estimate for the typed amount, from the schedule (`estimate()` of the plan's terms), or why not. */
export function estimate(
  amount: string,
  plan: Plan | undefined,
  opts: EstimateOptions = {},
): { value?: string; offer?: Offer; message?: string } {
  if (!amount.trim() || !plan) return { message: ReturnMsg.required };
  if (broken(plan)) return { message: ReturnMsg.invalidPlan };
  let cents: bigint;
  try {
    cents = toCents(amount);
  } catch {
    return { message: InvestMsg.invalid };
  }
  if (cents <= 0n) return { message: InvestMsg.invalid };
  const offer = planOffer(plan, cents, opts);
  return { value: formatCentsUsd(offer.estimate.receives), offer };
}

type InvestValues = { planId: string; amount: string; compoundPercent: string };
const EMPTY: InvestValues = { planId: '', amount: '', compoundPercent: '' };

const planOf = (plans: readonly Plan[] | undefined, planId: string) => plans?.find((p) => String(p.id) === planId);

/** The compounding share typed for `plan` (blank is the plan's lowest), or null when it is out of range. */
export function compoundOf(plan: Plan | undefined, typed: string): number | null {
  if (!plan?.compounding) return 0;
  const { min, max } = plan.compounding;
  if (!typed.trim()) return min;
  const n = /^\d{1,3}$/.test(typed.trim()) ? Number(typed.trim()) : NaN;
  return n >= min && n <= max ? n : null;
}
export const compoundMessage = (plan: Plan) =>
  `Choose a whole percentage from ${plan.compounding?.min ?? 0} to ${plan.compounding?.max ?? 0}`;

/**
 * The form as typed (the plan's id from the select, dollars as text) and the request it sends: valid when the
 * estimate can be shown (a listed plan, a positive amount of whole cents), else the spec's one message on the amount;
 * a compounding plan also sends the share the investor picked.
 */
export function investSchema(plans: readonly Plan[] | undefined) {
  return z
    .object({ planId: z.string(), amount: z.string(), compoundPercent: z.string() })
    .superRefine(({ planId, amount, compoundPercent }, ctx) => {
      const plan = planOf(plans, planId);
      if (estimate(amount, plan).value === undefined)
        ctx.addIssue({ code: 'custom', message: InvestMsg.invalid, path: ['amount'] });
      else if (compoundOf(plan, compoundPercent) === null)
        ctx.addIssue({ code: 'custom', message: compoundMessage(plan!), path: ['compoundPercent'] });
    })
    .transform(({ planId, amount, compoundPercent }) => {
      const plan = planOf(plans, planId);
      return {
        planId: Number(planId),
        amount: formatCents(toCents(amount)),
        ...(plan?.compounding ? { compoundPercent: compoundOf(plan, compoundPercent) ?? 0 } : {}),
      };
    });
}

// Each sentence of the estimate whole, by the plan's kind: a fixed term or an open end; the principal kept,
// returned, grown by compounding, less an exit fee.
const EARNED = {
  term: 'invest.estimate.term',
  termReturned: 'invest.estimate.termReturned',
  termReturnedGrown: 'invest.estimate.termReturnedGrown',
  open: 'invest.estimate.open',
  openReturned: 'invest.estimate.openReturned',
  openReturnedGrown: 'invest.estimate.openReturnedGrown',
  openReturnedFee: 'invest.estimate.openReturnedFee',
  openReturnedGrownFee: 'invest.estimate.openReturnedGrownFee',
} as const;

/** Which sentence tells what is earned and where the principal goes. */
function earnedSentence(plan: Plan, compounded: boolean): keyof typeof EARNED {
  if (!plan.openEnded) return plan.capitalReturned ? (compounded ? 'termReturnedGrown' : 'termReturned') : 'term';
  if (!plan.capitalReturned) return 'open';
  if (plan.earlyExitFee > 0) return compounded ? 'openReturnedGrownFee' : 'openReturnedFee';
  return compounded ? 'openReturnedGrown' : 'openReturned';
}

/** The live estimate's figures under the total: what is earned, the principal, the annual rate. */
function EstimateDetail({ plan, offer, compoundPercent }: { plan: Plan; offer: Offer; compoundPercent: number }) {
  const { t } = useTranslation('app');
  const e = offer.estimate;
  return (
    <div className="mt-1 flex flex-col gap-1 text-xs text-muted">
      <p>
        {t(EARNED[earnedSentence(plan, compoundPercent > 0)], {
          count: e.payouts,
          returns: formatCentsUsd(e.returns, { sign: true }),
          principal: formatCentsUsd(e.finalPrincipal),
          fee: formatPercent(plan.earlyExitFee),
        })}
      </p>
      <p>{annualWords(offer.annualBp)}</p>
      {plan.capitalReturned ? null : <CapitalWarning plan={plan} offer={offer} />}
    </div>
  );
}

/** "Start a New Investment": plan, amount, compounding and the estimated return. */
export function InvestForm() {
  const { t } = useTranslation('app');
  const { t: tc } = useTranslation('common');
  const plans = usePlans();
  const holidays = useHolidays();
  const invest = useInvest();
  const selectId = useId();
  // A message stays until the next submit, which moves no focus.
  const form = useForm<InvestValues, unknown, z.output<ReturnType<typeof investSchema>>>({
    resolver: zodResolver(investSchema(plans.data)),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [planId, amount, compoundTyped] = useWatch({
    control: form.control,
    name: ['planId', 'amount', 'compoundPercent'],
  });
  const plan = planOf(plans.data, planId);
  const compoundPercent = compoundOf(plan, compoundTyped) ?? plan?.compounding?.min ?? 0;
  const result = estimate(amount, plan, { holidays, compoundPercent });

  const submit = form.handleSubmit((body) =>
    invest.mutate(body, {
      onSuccess: ({ message }) => {
        toast.success(translateMessage(message));
        form.setValue('amount', '');
      },
      onError: (err) => {
        const message = errorMessage(err, t('invest.failed'));
        form.setError('amount', { message });
        toast.error(message);
      },
    }),
  );

  return (
    <SectionCard title={t('invest.title')} icon={PlusCircle} testId="invest-form">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Controller
          control={form.control}
          name="planId"
          render={({ field }) => (
            <Field id={selectId} label={t('invest.plan')}>
              <select
                id={selectId}
                className={inputClass}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={plans.isPending}
              >
                <option value="">{t('invest.selectPlan')}</option>
                {plans.data?.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} — {planHeadline(p)}
                  </option>
                ))}
              </select>
            </Field>
          )}
        />
        {plan ? (
          <>
            <p className="text-xs text-muted">
              {t('invest.between', {
                min: formatMoney(plan.minimumInvestment),
                max: formatMoney(plan.maximumInvestment),
              })}
            </p>
            <PlanTerms plan={plan} holidays={holidays} className="rounded-lg border border-line px-3 py-2" />
          </>
        ) : null}
        <TextField
          label={t('invest.amount')}
          inputMode="decimal"
          error={form.formState.errors.amount?.message}
          placeholder="0.00"
          {...form.register('amount')}
        />
        {plan?.compounding ? (
          <TextField
            label={t('invest.compound.label')}
            inputMode="numeric"
            placeholder={String(plan.compounding.min)}
            hint={t('invest.compound.hint', { min: plan.compounding.min, max: plan.compounding.max })}
            error={
              form.formState.errors.compoundPercent
                ? t('invest.compound.error', { min: plan.compounding.min, max: plan.compounding.max })
                : undefined
            }
            {...form.register('compoundPercent')}
          />
        ) : null}
        <KycInvestNotice amount={amount} />
        <div className="rounded-lg bg-surface-2 px-4 py-3" aria-live="polite">
          <p className="text-xs text-muted">
            {plan?.openEnded && result.offer
              ? t('invest.estimatedAfter', { count: result.offer.estimate.payouts })
              : t('invest.estimated')}
          </p>
          {result.value && result.offer && plan ? (
            <>
              <p className="text-xl font-bold" data-testid="estimated-return">
                {result.value}
              </p>
              <EstimateDetail plan={plan} offer={result.offer} compoundPercent={compoundPercent} />
            </>
          ) : (
            <p className="text-sm text-muted">{result.message ? translateMessage(result.message) : null}</p>
          )}
        </div>
        <p className="text-xs text-muted">{tc('risk.notice')}</p>
        <button type="submit" className="btn-primary" disabled={invest.isPending}>
          {invest.isPending ? t('invest.investing') : t('invest.submit')}
        </button>
      </form>
    </SectionCard>
  );
}
