import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { PlanMsg } from '@contract/plans';
import { PAYOUT_PERIODS } from '@contract/schedule';
import { errorMessage, fieldIssues } from '../../../api/client';
import { useSavePlan, type Plan } from '../../../api/investments';
import { Field, TextField, describedBy, inputClass } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';
import { Modal } from '../../../components/ui/Modal';
import { SwitchRow } from '../../../components/ui/Switch';
import { translateMessage } from '../../../i18n/messages';
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

const PERIOD_LABELS = {
  hourly: 'plan.form.periodOption.hourly',
  daily: 'plan.form.periodOption.daily',
  weekly: 'plan.form.periodOption.weekly',
  monthly: 'plan.form.periodOption.monthly',
} as const;

/** The form's state and its submit; the typed text goes out as the request body (the server parses it alike). */
export function usePlanForm(plan: Plan | null, onClose: () => void) {
  const { t } = useTranslation('adminMoney');
  const save = useSavePlan();
  const schema = useMemo(() => zPlanForm(t), [t]);
  const form = useForm<PlanFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
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
          toast.success(translateMessage(plan ? PlanMsg.updated : PlanMsg.created));
          onClose();
        },
        onError: (err) => {
          for (const issue of fieldIssues(err)) {
            const field = formField(issue.field.split('.'));
            if (field) form.setError(field, { message: issue.message });
          }
          toast.error(errorMessage(err, t('plan.form.saveFailed')));
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
  const { t } = useTranslation('adminMoney');
  const { t: tc } = useTranslation('common');
  const { form, submit, pending } = usePlanForm(plan, onClose);
  const { errors } = form.formState;
  const descriptionId = useId();
  const periodId = useId();
  const [period, workingDays, term, payout, capitalReturned, compounds] = useWatch({
    control: form.control,
    name: ['payoutPeriod', 'workingDaysOnly', 'term', 'payout', 'capitalReturned', 'compounds'],
  });
  const open = term === 'open';
  // The duration is counted in the unit of the payouts: days, working days, weeks.
  const durationUnit = termUnit({ payoutPeriod: period, workingDaysOnly: workingDays });

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
      <TextField label={t(LABELS.name)} error={errors.name?.message} required {...form.register('name')} />
      <Field id={descriptionId} label={t(LABELS.description)} error={errors.description?.message}>
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
        {input('minimumInvestment', t(LABELS.minimumInvestment))}
        {input('maximumInvestment', t(LABELS.maximumInvestment))}
      </div>

      <Group legend={t('plan.form.payouts')}>
        <Field id={periodId} label={t('plan.form.payoutPeriod')} error={errors.payoutPeriod?.message}>
          <select id={periodId} className={inputClass} {...form.register('payoutPeriod')}>
            {PAYOUT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(PERIOD_LABELS[p])}
              </option>
            ))}
          </select>
        </Field>
        <Toggle
          control={form.control}
          name="workingDaysOnly"
          label={t('plan.form.workingDaysOnly.label')}
          description={t('plan.form.workingDaysOnly.description')}
        />
      </Group>

      <Group legend={t('plan.form.term')}>
        <Controller
          control={form.control}
          name="term"
          render={({ field }) => (
            <Choice
              name="term"
              label={t('plan.form.term')}
              value={field.value}
              onChange={field.onChange}
              options={[
                { value: 'fixed', label: t('plan.form.termFixed') },
                { value: 'open', label: t('plan.form.termOpen') },
              ]}
            />
          )}
        />
        {open ? (
          <div className="grid gap-4 sm:grid-cols-2">
            {input('minLockPeriods', t('plan.form.minLock.label'), {
              step: '1',
              hint: t('plan.form.minLock.hint'),
            })}
            {input('earlyExitFee', t('plan.form.exitFee.label'), { hint: t('plan.form.exitFee.hint') })}
          </div>
        ) : (
          input('duration', t('plan.form.duration', { unit: durationUnit }), {
            step: '1',
            hint: t('plan.form.durationHint'),
          })
        )}
      </Group>

      <Group legend={t('plan.form.return')}>
        <Controller
          control={form.control}
          name="payout"
          render={({ field }) => (
            <Choice
              name="payout"
              label={t('plan.form.return')}
              value={field.value}
              onChange={field.onChange}
              options={[
                { value: 'rate', label: t('plan.form.returnRate') },
                { value: 'fixed', label: t('plan.form.returnFixed') },
              ]}
            />
          )}
        />
        {payout === 'fixed'
          ? input('fixedPayout', t(LABELS.fixedPayout), {
              hint: t('plan.form.fixedPayoutHint'),
            })
          : input(
              'interestRate',
              open ? t('plan.form.ratePerPayout') : t('plan.form.rate'),
              open ? {} : { hint: t('plan.form.rateHint') },
            )}
      </Group>

      <Group legend={t('plan.form.principal')}>
        <Toggle
          control={form.control}
          name="capitalReturned"
          label={t('plan.form.capitalReturned.label')}
          description={open ? t('plan.form.capitalReturned.whenEnded') : t('plan.form.capitalReturned.atEnd')}
        />
        {capitalReturned ? null : (
          <Notice tone="warning" testId="capital-warning">
            {t('plan.form.capitalNotReturned')}
          </Notice>
        )}
      </Group>

      <Group legend={t('plan.form.compounding')}>
        <Toggle
          control={form.control}
          name="compounds"
          label={t('plan.form.compounds.label')}
          description={t('plan.form.compounds.description')}
        />
        {compounds ? (
          <div className="grid grid-cols-2 gap-4">
            {input('compoundMin', t('plan.form.compoundFrom'), { step: '1' })}
            {input('compoundMax', t('plan.form.compoundTo'), { step: '1' })}
          </div>
        ) : null}
      </Group>

      {input('maxActivePerUser', t('plan.form.cap.label'), {
        step: '1',
        aside: t('field.optional'),
        hint: t('plan.form.cap.hint'),
      })}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {tc('action.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? t('plan.form.saving') : plan ? t('plan.form.update') : t('plan.form.add')}
        </button>
      </div>
    </form>
  );
}

/** Add New Plan / Edit Plan: every option, grouped; the contract's rules checked before anything is sent. */
export function PlanFormModal({ open, plan, onClose }: { open: boolean; plan: Plan | null; onClose: () => void }) {
  const { t } = useTranslation('adminMoney');
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={plan ? t('plan.form.editTitle') : t('plans.add')}
      size="lg"
      testId="plan-form"
    >
      <PlanForm key={plan?.id ?? 'new'} plan={plan} onClose={onClose} />
    </Modal>
  );
}
