import { PlusCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
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

/** "Start a New Investment": plan, amount and the estimated return. */
export function InvestForm() {
  const plans = usePlans();
  const invest = useInvest();
  const selectId = useId();
  const [planId, setPlanId] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const plan = plans.data?.find((p) => String(p.id) === planId);
  const result = estimate(amount, plan);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!plan || !result.value) {
      setError(InvestMsg.invalid);
      return;
    }
    setError(undefined);
    invest.mutate(
      { planId: plan.id, amount: formatCents(toCents(amount)) },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setAmount('');
        },
        onError: (err) => {
          const message = errorMessage(err, 'Could not create the investment. Please try again.');
          setError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <SectionCard title="Start a New Investment" icon={PlusCircle} testId="invest-form">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Field id={selectId} label="Investment plan">
          <select
            id={selectId}
            className={inputClass}
            value={planId}
            onChange={(e) => setPlanId(e.target.value)}
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
        {plan ? (
          <p className="text-xs text-muted">
            Invest between {formatMoney(plan.minimumInvestment)} and {formatMoney(plan.maximumInvestment)}.
          </p>
        ) : null}
        <TextField
          label="Amount (USD)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error}
          placeholder="0.00"
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
