import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { toast } from 'sonner';
import { PlanMsg } from '@contract/plans';
import { PAYOUT_PERIODS } from '@contract/schedule';
import { errorMessage, fieldIssues } from '../../../api/client';
import { useSavePlan, type Plan } from '../../../api/investments';
import { Field, TextField, describedBy, inputClass } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';
import { Modal } from '../../../components/ui/Modal';
import { SwitchRow } from '../../../components/ui/Switch';
import { termUnit } from '../../../lib/planOffer';
import {
  EMPTY_PLAN,
  LABELS,
  formField,
  fromPlan,
  toRequest,
  zPlanForm,
  type PlanFormField,
  type PlanFormValues,
} from './planForm';

const PERIOD_LABELS = { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;

/** The form's state and its submit; the typed text goes out as the request body (the server parses it alike). */
export function usePlanForm(plan: Plan | null, onClose: () => void) {
  const save = useSavePlan();
  const form = useForm<PlanFormValues>({
    resolver: zodResolver(zPlanForm, undefined, { raw: true }),
    defaultValues: plan ? fromPlan(plan) : EMPTY_PLAN,
    // Messages appear on submit and stay until the next one; focus stays on the button.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: plan?.id, body: toRequest(values) },
      {
        onSuccess: () => {
          toast.success(plan ? PlanMsg.updated : PlanMsg.created);
          onClose();
        },
        onError: (err) => {
          for (const issue of fieldIssues(err)) {
            const field = formField(issue.field.split('.'));
            if (field) form.setError(field, { message: issue.message });
          }
          toast.error(errorMessage(err, 'Could not save the plan'));
        },
      },
    ),
  );
  return { form, submit, pending: save.isPending };
}

/** One group of the form, named for what it decides. */
function Group({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-line p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {hint ? <p className="-mt-1 text-xs text-muted">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

/** Two exclusive choices as radio buttons (native: keyboard and labels for free). */
function Choice<V extends string>({
  name,
  value,
  onChange,
  options,
  label,
}: {
  name: string;
  value: V;
  onChange: (v: V) => void;
  options: readonly { value: V; label: string; disabled?: boolean }[];
  label: string;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            className="size-4 accent-amber-500"
            checked={value === o.value}
            disabled={o.disabled}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

function Toggle({
  control,
  name,
  label,
  description,
}: {
  control: Control<PlanFormValues>;
  name: 'workingDaysOnly' | 'capitalReturned' | 'compounds';
  label: string;
  description: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SwitchRow label={label} description={description} checked={field.value} onCheckedChange={field.onChange} />
      )}
    />
  );
}

/** The form inside the modal; mounted on each opening, so it starts from the plan (or empty). */
function PlanForm({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const { form, submit, pending } = usePlanForm(plan, onClose);
  const { errors } = form.formState;
  const descriptionId = useId();
  const periodId = useId();
  const [period, workingDays, term, payout, capitalReturned, compounds] = useWatch({
    control: form.control,
    name: ['payoutPeriod', 'workingDaysOnly', 'term', 'payout', 'capitalReturned', 'compounds'],
  });
  const open = term === 'open';
  const unit = termUnit({ payoutPeriod: period, workingDaysOnly: workingDays });

  const input = (key: PlanFormField, label: string, opts: { step?: string; hint?: string; aside?: string } = {}) => (
    <TextField
      label={label}
      inputMode={opts.step === '1' ? 'numeric' : 'decimal'}
      error={errors[key]?.message}
      hint={opts.hint}
      aside={opts.aside}
      {...form.register(key)}
    />
  );

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <TextField label={LABELS.name} error={errors.name?.message} required {...form.register('name')} />
      <Field id={descriptionId} label={LABELS.description} error={errors.description?.message}>
        <textarea
          id={descriptionId}
          rows={3}
          className={inputClass}
          required
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy(descriptionId, errors.description?.message)}
          {...form.register('description')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {input('minimumInvestment', LABELS.minimumInvestment)}
        {input('maximumInvestment', LABELS.maximumInvestment)}
      </div>

      <Group legend="Payouts">
        <Field id={periodId} label="Payout period" error={errors.payoutPeriod?.message}>
          <select id={periodId} className={inputClass} {...form.register('payoutPeriod')}>
            {PAYOUT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </Field>
        <Toggle
          control={form.control}
          name="workingDaysOnly"
          label="Working days only"
          description="No payouts on Saturdays, Sundays or the holidays listed in Settings → Operations."
        />
      </Group>

      <Group legend="Term">
        <Controller
          control={form.control}
          name="term"
          render={({ field }) => (
            <Choice
              name="term"
              label="Term"
              value={field.value}
              onChange={field.onChange}
              options={[
                { value: 'fixed', label: 'Fixed term' },
                { value: 'open', label: 'Open-ended (runs until the investor ends it)' },
              ]}
            />
          )}
        />
        {open ? (
          <div className="grid gap-4 sm:grid-cols-2">
            {input('minLockPeriods', 'Minimum lock (payouts)', {
              step: '1',
              hint: 'Payouts before the investor may end it; 0 for none.',
            })}
            {input('earlyExitFee', 'Early exit fee (%)', { hint: 'Of the principal, when the investor ends it.' })}
          </div>
        ) : (
          input('duration', `Duration (${unit})`, { step: '1', hint: 'The number of payouts in the term.' })
        )}
      </Group>

      <Group legend="Return">
        <Controller
          control={form.control}
          name="payout"
          render={({ field }) => (
            <Choice
              name="payout"
              label="Return"
              value={field.value}
              onChange={field.onChange}
              options={[
                { value: 'rate', label: 'Percentage rate' },
                { value: 'fixed', label: 'Fixed amount per payout' },
              ]}
            />
          )}
        />
        {payout === 'fixed'
          ? input('fixedPayout', LABELS.fixedPayout, {
              hint: 'Only for a fixed investment: the minimum must equal the maximum.',
            })
          : input(
              'interestRate',
              open ? 'Interest Rate per payout (%)' : 'Interest Rate (%)',
              open ? {} : { hint: 'The total return over the whole term.' },
            )}
      </Group>

      <Group legend="Principal">
        <Toggle
          control={form.control}
          name="capitalReturned"
          label="Principal returned to the investor"
          description={open ? 'When the investor ends the investment.' : 'At the end of the term.'}
        />
        {capitalReturned ? null : (
          <Notice tone="warning" testId="capital-warning">
            The principal is not returned to the investor: they receive only the payouts.
          </Notice>
        )}
      </Group>

      <Group legend="Compounding">
        <Toggle
          control={form.control}
          name="compounds"
          label="Investors may compound"
          description="Each investor picks a share of every payout, within this range, to add to the principal."
        />
        {compounds ? (
          <div className="grid grid-cols-2 gap-4">
            {input('compoundMin', 'From (%)', { step: '1' })}
            {input('compoundMax', 'To (%)', { step: '1' })}
          </div>
        ) : null}
      </Group>

      {input('maxActivePerUser', 'Running investments per investor', {
        step: '1',
        aside: 'optional',
        hint: 'Empty for no cap.',
      })}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? 'Saving...' : plan ? 'Update' : 'Add'}
        </button>
      </div>
    </form>
  );
}

/** Add New Plan / Edit Plan: every option, grouped; the contract's rules checked before anything is sent. */
export function PlanFormModal({ open, plan, onClose }: { open: boolean; plan: Plan | null; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={plan ? 'Edit Plan' : 'Add New Plan'}
      size="lg"
      testId="plan-form"
    >
      <PlanForm key={plan?.id ?? 'new'} plan={plan} onClose={onClose} />
    </Modal>
  );
}
