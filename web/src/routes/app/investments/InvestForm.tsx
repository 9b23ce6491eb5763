import { zodResolver } from '@hookform/resolvers/zod';
import { PlusCircle } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { InvestMsg } from '@contract/investments';
import { formatCents, toCents } from '@contract/money';
import { ReturnMsg, estimatedReturnCents } from '@contract/returns';
import { errorMessage } from '../../../api/client';
import { useInvest, usePlans, type Plan } from '../../../api/investments';
import { SectionCard } from '../../../components/Card';
import { Field, TextField, inputClass } from '../../../components/FormField';
import { KycInvestNotice } from '../../../components/KycInvestNotice';
import { formatMoney } from '../../../lib/format';

/** Percent to basis points without floats: 12.5 → 1250. */
const rateBp = (percent: number) => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(percent));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : 0;
};

/** "126998.73" → "126,998.73" (exact: works on the decimal string). */
const grouped = (decimal: string) => decimal.replace(/^(-?\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));

/** The spec's live estimate: amount + amount × rate / 100, or why it cannot be shown. */
export function estimate(amount: string, plan: Plan | undefined): { value?: string; message?: string } {
  if (!amount.trim() || !plan) return { message: ReturnMsg.required };
  try {
    const cents = toCents(amount);
    if (cents <= 0n) return { message: InvestMsg.invalid };
    return { value: grouped(formatCents(estimatedReturnCents(cents, rateBp(plan.interestRate), plan.duration))) };
  } catch (err) {
    return {
      message:
        err instanceof Error && err.message === ReturnMsg.invalidPlan ? ReturnMsg.invalidPlan : InvestMsg.invalid,
    };
  }
}

type InvestValues = { planId: string; amount: string };
const EMPTY: InvestValues = { planId: '', amount: '' };

const planOf = (plans: readonly Plan[] | undefined, planId: string) => plans?.find((p) => String(p.id) === planId);

/**
 * The form as typed (the plan's id from the select, dollars as text) and the request it sends: valid when the
 * estimate can be shown (a listed plan, a positive amount of whole cents), else the spec's one message on the amount.
 */
export function investSchema(plans: readonly Plan[] | undefined) {
  return z
    .object({ planId: z.string(), amount: z.string() })
    .refine(({ planId, amount }) => estimate(amount, planOf(plans, planId)).value !== undefined, {
      message: InvestMsg.invalid,
      path: ['amount'],
    })
    .transform(({ planId, amount }) => ({ planId: Number(planId), amount: formatCents(toCents(amount)) }));
}

/** "Start a New Investment": plan, amount and the estimated return. */
export function InvestForm() {
  const plans = usePlans();
  const invest = useInvest();
  const selectId = useId();
  // A message stays until the next submit, which moves no focus.
  const form = useForm<InvestValues, unknown, z.output<ReturnType<typeof investSchema>>>({
    resolver: zodResolver(investSchema(plans.data)),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [planId, amount] = useWatch({ control: form.control, name: ['planId', 'amount'] });
  const plan = planOf(plans.data, planId);
  const result = estimate(amount, plan);

  const submit = form.handleSubmit((body) =>
    invest.mutate(body, {
      onSuccess: ({ message }) => {
        toast.success(message);
        form.setValue('amount', '');
      },
      onError: (err) => {
        const message = errorMessage(err, 'Could not create the investment. Please try again.');
        form.setError('amount', { message });
        toast.error(message);
      },
    }),
  );

  return (
    <SectionCard title="Start a New Investment" icon={PlusCircle} testId="invest-form">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Controller
          control={form.control}
          name="planId"
          render={({ field }) => (
            <Field id={selectId} label="Investment plan">
              <select
                id={selectId}
                className={inputClass}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={plans.isPending}
              >
                <option value="">Select a plan</option>
                {plans.data?.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} — {p.interestRate}% / {p.duration} days
                  </option>
                ))}
              </select>
            </Field>
          )}
        />
        {plan ? (
          <p className="text-xs text-muted">
            Invest between {formatMoney(plan.minimumInvestment)} and {formatMoney(plan.maximumInvestment)}.
          </p>
        ) : null}
        <TextField
          label="Amount (USD)"
          inputMode="decimal"
          error={form.formState.errors.amount?.message}
          placeholder="0.00"
          {...form.register('amount')}
        />
        <KycInvestNotice amount={amount} />
        <div className="rounded-lg bg-surface-2 px-4 py-3" aria-live="polite">
          <p className="text-xs text-muted">Estimated return</p>
          {result.value ? (
            <p className="text-xl font-bold" data-testid="estimated-return">
              ${result.value}
            </p>
          ) : (
            <p className="text-sm text-muted">{result.message}</p>
          )}
        </div>
        <button type="submit" className="btn-primary" disabled={invest.isPending}>
          {invest.isPending ? 'Investing...' : 'Invest Now'}
        </button>
      </form>
    </SectionCard>
  );
}
