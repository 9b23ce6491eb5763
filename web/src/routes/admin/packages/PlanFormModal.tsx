import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { formatCents, toCents } from '@contract/money';
import { PlanMsg, zPlanCreate } from '@contract/plans';
import { errorMessage, fieldIssues } from '../../../api/client';
import { useSavePlan, type Plan, type PlanInput } from '../../../api/investments';
import { Field, TextField, describedBy, inputClass } from '../../../components/FormField';
import { Modal } from '../../../components/ui/Modal';

const EMPTY: PlanInput = {
  name: '',
  description: '',
  duration: '',
  interestRate: '',
  minimumInvestment: '',
  maximumInvestment: '',
};

const fromPlan = (p: Plan): PlanInput => ({
  name: p.name,
  description: p.description,
  duration: String(p.duration),
  interestRate: String(p.interestRate),
  minimumInvestment: formatCents(toCents(p.minimumInvestment)),
  maximumInvestment: formatCents(toCents(p.maximumInvestment)),
});

const LABELS: Record<keyof PlanInput, string> = {
  name: 'Name',
  description: 'Description',
  duration: 'Duration (days)',
  interestRate: 'Interest Rate (%)',
  minimumInvestment: 'Minimum Investment',
  maximumInvestment: 'Maximum Investment',
};
const FIELDS = Object.keys(LABELS);
const isField = (name: string): name is keyof PlanInput => FIELDS.includes(name);

const filled = (key: keyof PlanInput) => z.string().trim().min(1, `${LABELS[key]} is required`);

/** Once every field is filled: the contract's rules (amounts, rate, min ≤ max), with the server's messages. */
const zContractRules = z.custom<PlanInput>().superRefine((values, ctx) => {
  for (const { path, message } of zPlanCreate.safeParse(values).error?.issues ?? [])
    ctx.addIssue({ code: 'custom', path, message });
});

/** The six fields as typed: each one required first (its label in the message), then the contract's rules. */
export const zPlanForm = z
  .object({
    name: filled('name'),
    description: filled('description'),
    duration: filled('duration'),
    interestRate: filled('interestRate'),
    minimumInvestment: filled('minimumInvestment'),
    maximumInvestment: filled('maximumInvestment'),
  })
  .pipe(zContractRules);

/** The form's state and its submit; the typed text is what goes out (the server parses it with the same schema). */
export function usePlanForm(plan: Plan | null, onClose: () => void) {
  const save = useSavePlan();
  const form = useForm<PlanInput>({
    resolver: zodResolver(zPlanForm, undefined, { raw: true }),
    defaultValues: plan ? fromPlan(plan) : EMPTY,
    // Messages appear on submit and stay until the next one; focus stays on the button.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: plan?.id, values },
      {
        onSuccess: () => {
          toast.success(plan ? PlanMsg.updated : PlanMsg.created);
          onClose();
        },
        onError: (err) => {
          for (const issue of fieldIssues(err))
            if (isField(issue.field)) form.setError(issue.field, { message: issue.message });
          toast.error(errorMessage(err, 'Could not save the plan'));
        },
      },
    ),
  );
  return { form, submit, pending: save.isPending };
}

/** The form inside the modal; mounted on each opening, so it starts from the plan (or empty). */
function PlanForm({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const { form, submit, pending } = usePlanForm(plan, onClose);
  const { errors } = form.formState;
  const descriptionId = useId();

  const number = (key: keyof PlanInput, step: string) => (
    <TextField
      label={LABELS[key]}
      type="number"
      min="0"
      step={step}
      inputMode="decimal"
      error={errors[key]?.message}
      required
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
        {number('duration', '1')}
        {number('interestRate', '0.01')}
        {number('minimumInvestment', '0.01')}
        {number('maximumInvestment', '0.01')}
      </div>
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

/** Add New Plan / Edit Plan: all six fields required; the contract's rules checked before anything is sent. */
export function PlanFormModal({ open, plan, onClose }: { open: boolean; plan: Plan | null; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={plan ? 'Edit Plan' : 'Add New Plan'}
      testId="plan-form"
    >
      <PlanForm key={plan?.id ?? 'new'} plan={plan} onClose={onClose} />
    </Modal>
  );
}
