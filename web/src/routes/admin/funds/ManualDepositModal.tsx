import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { zManualDeposit } from '@contract/deposits';
import { DepositMsg } from '@contract/funds';
import { errorMessage, fieldIssues } from '../../../api/client';
import {
  newIdempotencyKey,
  useManualDeposit,
  type ManualDepositInput,
  type UserSummary,
} from '../../../api/adminFunds';
import { Field, TextField, describedBy, inputClass } from '../../../components/FormField';
import { Modal } from '../../../components/ui/Modal';
import { translateMessage } from '../../../i18n/messages';
import type { MoneyT } from './fundsRules';
import { UserSelect } from './UserSelect';

/** Spec §9: manual deposits in BTC or USDT, the latter shown as USDT-TRON. */
const CURRENCIES = [
  { value: 'BTC', label: 'BTC' },
  { value: 'USDT', label: 'USDT-TRON' },
] as const;

/** Once a user and an amount are there: the contract's rules for the body, with the server's messages. */
const zContractRules = z.custom<Omit<ManualDepositInput, 'idempotencyKey'>>().superRefine((body, ctx) => {
  for (const { path, message } of zManualDeposit.safeParse(body).error?.issues ?? [])
    ctx.addIssue({ code: 'custom', path, message });
});

/** The form as typed: a user and an amount first, then the body (text trimmed) as the contract checks it. */
export const zManualDepositForm = (t: MoneyT) =>
  z
    .object({
      user: z.custom<UserSummary | null>().refine((u): u is UserSummary => u !== null, t('userSelect.choose')),
      amount: z.string().trim().min(1, DepositMsg.invalidAmount),
      currency: z.enum(['BTC', 'USDT']),
      notes: z.string().trim(),
    })
    .transform(({ user, ...rest }) => ({ userId: user.id, ...rest }))
    .pipe(zContractRules);
type FormSchema = ReturnType<typeof zManualDepositForm>;
type Values = z.input<FormSchema>;
type FieldName = keyof Values;
const EMPTY: Values = { user: null, amount: '', currency: 'BTC', notes: '' };

/** A server field error's place in the form: its user select answers for `userId`. */
const fieldOf = (field: string): FieldName | undefined =>
  field === 'userId' ? 'user' : field === 'amount' || field === 'currency' || field === 'notes' ? field : undefined;

/** The form's state and its submit; one idempotency key per opening, so a retry never credits twice. */
export function useManualDepositForm(onClose: () => void) {
  const { t } = useTranslation('adminMoney');
  const save = useManualDeposit();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const schema = useMemo(() => zManualDepositForm(t), [t]);
  const form = useForm<Values, unknown, z.output<FormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    // Messages appear on submit and stay until the next one; focus stays on the button.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { ...body, idempotencyKey },
      {
        onSuccess: ({ message }) => {
          toast.success(translateMessage(message));
          onClose();
        },
        onError: (err) => {
          for (const issue of fieldIssues(err)) {
            const name = fieldOf(issue.field);
            if (name) form.setError(name, { message: issue.message });
          }
          toast.error(errorMessage(err, t('manualDeposit.failed')));
        },
      },
    ),
  );
  return { form, submit, pending: save.isPending };
}

/** Mounted on each opening, so it starts empty with a fresh idempotency key. */
function ManualDepositForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('adminMoney');
  const { t: tc } = useTranslation('common');
  const { form, submit, pending } = useManualDepositForm(onClose);
  const { errors } = form.formState;
  const currencyId = useId();
  const notesId = useId();

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label={t('manualDeposit.formLabel')}>
      <Controller
        control={form.control}
        name="user"
        render={({ field, fieldState }) => (
          <UserSelect value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('manualDeposit.amount')}
          type="number"
          min="0.01"
          step="0.01"
          inputMode="decimal"
          error={errors.amount?.message}
          required
          {...form.register('amount')}
        />
        <Field id={currencyId} label={t('manualDeposit.currency')} error={errors.currency?.message}>
          <select
            id={currencyId}
            className={inputClass}
            aria-invalid={errors.currency ? true : undefined}
            aria-describedby={describedBy(currencyId, errors.currency?.message)}
            {...form.register('currency')}
          >
            {CURRENCIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={notesId} label={t('manualDeposit.notes')} aside={t('field.optional')} error={errors.notes?.message}>
        <textarea
          id={notesId}
          rows={3}
          maxLength={500}
          className={inputClass}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={describedBy(notesId, errors.notes?.message)}
          {...form.register('notes')}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {tc('action.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? t('manualDeposit.submitting') : tc('action.submit')}
        </button>
      </div>
    </form>
  );
}

/** Add Manual Deposit: credits a user at once (admin only; spec §2 User Deposits). */
export function ManualDepositModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('adminMoney');
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={t('manualDeposit.title')}
      description={t('manualDeposit.description')}
      testId="manual-deposit-form"
    >
      {open ? <ManualDepositForm onClose={onClose} /> : null}
    </Modal>
  );
}
