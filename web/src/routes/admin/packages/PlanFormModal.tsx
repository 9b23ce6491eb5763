import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PlanMsg } from '@contract/plans';
import { errorMessage, fieldIssues } from '../../../api/client';
import { useSavePlan, type Plan, type PlanInput } from '../../../api/investments';
import { Field, TextField, describedBy, inputClass } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';

const EMPTY: PlanInput = {
  name: '',
  description: '',
  duration: '',
  interestRate: '',
  minimumInvestment: '',
  maximumInvestment: '',
};
type Errors = Partial<Record<keyof PlanInput, string>>;

const fromPlan = (p: Plan): PlanInput => ({
  name: p.name,
  description: p.description,
  duration: String(p.duration),
  interestRate: String(p.interestRate),
  minimumInvestment: p.minimumInvestment.toFixed(2),
  maximumInvestment: p.maximumInvestment.toFixed(2),
});

const LABELS: Record<keyof PlanInput, string> = {
  name: 'Name',
  description: 'Description',
  duration: 'Duration (days)',
  interestRate: 'Interest Rate (%)',
  minimumInvestment: 'Minimum Investment',
  maximumInvestment: 'Maximum Investment',
};

/** The form inside the modal; mounted on each opening, so it starts from the plan (or empty). */
function PlanForm({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const save = useSavePlan();
  const [values, setValues] = useState<PlanInput>(() => (plan ? fromPlan(plan) : EMPTY));
  const [errors, setErrors] = useState<Errors>({});
  const descriptionId = useId();

  const set = (key: keyof PlanInput) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {};
    for (const key of Object.keys(LABELS) as (keyof PlanInput)[])
      if (!values[key].trim()) missing[key] = `${LABELS[key]} is required`;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    save.mutate(
      { id: plan?.id, values },
      {
        onSuccess: () => {
          toast.success(plan ? PlanMsg.updated : PlanMsg.created);
          onClose();
        },
        onError: (err) => {
          const found: Errors = {};
          for (const issue of fieldIssues(err))
            if (issue.field in LABELS) found[issue.field as keyof PlanInput] = issue.message;
          setErrors(found);
          toast.error(errorMessage(err, 'Could not save the plan'));
        },
      },
    );
  };

  const number = (key: keyof PlanInput, step: string) => (
    <TextField
      label={LABELS[key]}
      type="number"
      min="0"
      step={step}
      inputMode="decimal"
      value={values[key]}
      onChange={set(key)}
      error={errors[key]}
      required
    />
  );

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <TextField label={LABELS.name} value={values.name} onChange={set('name')} error={errors.name} required />
      <Field id={descriptionId} label={LABELS.description} error={errors.description}>
        <textarea
          id={descriptionId}
          rows={3}
          className={inputClass}
          value={values.description}
          onChange={set('description')}
          required
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy(descriptionId, errors.description)}
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
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : plan ? 'Update' : 'Add'}
        </button>
      </div>
    </form>
  );
}

/** Add New Plan / Edit Plan: all six fields required; the server's field errors land on the fields. */
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
