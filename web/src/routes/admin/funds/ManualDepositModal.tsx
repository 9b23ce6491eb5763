import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DepositMsg } from '@contract/funds';
import { errorMessage, fieldIssues } from '../../../api/client';
import {
  newIdempotencyKey,
  useManualDeposit,
  type ManualDepositInput,
  type UserSummary,
} from '../../../api/adminFunds';
import { Field, TextField, describedBy, inputClass } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { UserSelect } from './UserSelect';

type FieldName = 'userId' | 'amount' | 'currency' | 'notes';
type Errors = Partial<Record<FieldName, string>>;
const FIELDS: readonly string[] = ['userId', 'amount', 'currency', 'notes'] satisfies FieldName[];

/** Spec §9: manual deposits in BTC or USDT, the latter shown as USDT-TRON. */
const CURRENCIES = [
  { value: 'BTC', label: 'BTC' },
  { value: 'USDT', label: 'USDT-TRON' },
] as const;

/** Mounted on each opening, so it starts empty with a fresh idempotency key. */
function ManualDepositForm({ onClose }: { onClose: () => void }) {
  const save = useManualDeposit();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [user, setUser] = useState<UserSummary | null>(null);
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<ManualDepositInput['currency']>('BTC');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const currencyId = useId();
  const notesId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {};
    if (!user) missing.userId = 'Select a user';
    if (!amount.trim()) missing.amount = DepositMsg.invalidAmount;
    setErrors(missing);
    if (!user || Object.keys(missing).length > 0) return;
    save.mutate(
      { userId: user.id, amount: amount.trim(), currency, notes: notes.trim(), idempotencyKey },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onClose();
        },
        onError: (err) => {
          const found: Errors = {};
          for (const issue of fieldIssues(err))
            if (FIELDS.includes(issue.field)) found[issue.field as FieldName] = issue.message;
          setErrors(found);
          toast.error(errorMessage(err, 'Failed to deposit funds'));
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Manual deposit">
      <UserSelect value={user} onChange={setUser} error={errors.userId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Amount (USD)"
          type="number"
          min="0.01"
          step="0.01"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
          required
        />
        <Field id={currencyId} label="Currency" error={errors.currency}>
          <select
            id={currencyId}
            className={inputClass}
            value={currency}
            onChange={(e) => setCurrency(e.target.value as ManualDepositInput['currency'])}
            aria-invalid={errors.currency ? true : undefined}
            aria-describedby={describedBy(currencyId, errors.currency)}
          >
            {CURRENCIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={notesId} label="Notes" aside="optional" error={errors.notes}>
        <textarea
          id={notesId}
          rows={3}
          maxLength={500}
          className={inputClass}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={describedBy(notesId, errors.notes)}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Submitting...' : 'Submit'}
        </button>
      </div>
    </form>
  );
}

/** Add Manual Deposit: credits a user at once (admin only; spec §2 User Deposits). */
export function ManualDepositModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title="Add Manual Deposit"
      description="Credits the user's available balance at once."
      testId="manual-deposit-form"
    >
      {open ? <ManualDepositForm onClose={onClose} /> : null}
    </Modal>
  );
}
