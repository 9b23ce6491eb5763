import { ArrowUpFromLine } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DepositMsg } from '@contract/funds';
import { ApiError, errorMessage } from '../../../api/client';
import { newIdempotencyKey, useCreateDeposit, type Deposit, type DepositCurrency } from '../../../api/funds';
import { useSession } from '../../../api/session';
import { Field, TextField, inputClass } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';
import { StatusBadge } from '../../../components/OrderReceipt';
import { formatMoney } from '../../../lib/format';
import { userBase } from '../../../lib/paths';
import { ACCOUNT_DEPOSIT_METHODS, CURRENCY_LABELS, checkDepositAmount } from './amounts';

interface DepositFormProps {
  /** Payment methods offered, the first being the default (spec §9: the Account page's by default). */
  methods?: readonly DepositCurrency[];
  /** Called with the deposit once it is recorded and the browser stays on the page. */
  onCreated?: (deposit: Deposit) => void;
}

/**
 * Amount and payment method (spec §2 Account, §5 Deposit). With the payment processor set up
 * the browser goes on to the invoice; without it the deposit waits, pending, for an admin.
 */
export function DepositForm({ methods = ACCOUNT_DEPOSIT_METHODS, onCreated }: DepositFormProps) {
  const create = useCreateDeposit();
  const { data: session } = useSession();
  const methodId = useId();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<DepositCurrency>(methods[0] ?? 'BTC');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState<{ message: string; deposit: Deposit } | null>(null);

  // One key per deposit the user means: kept across a network retry, renewed after an answer,
  // so a request whose response was lost is not made twice.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDepositAmount(amount);
    if (checked.error !== undefined) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    setFailure(undefined);
    create.mutate(
      { amount: checked.amount, currency: method, idempotencyKey },
      {
        onSuccess: ({ message, deposit, invoiceUrl }) => {
          setIdempotencyKey(newIdempotencyKey());
          setAmount('');
          setMethod(methods[0] ?? 'BTC');
          if (invoiceUrl) {
            toast.success(message);
            window.location.assign(invoiceUrl);
            return;
          }
          toast.success(message);
          setPending({ message, deposit });
          onCreated?.(deposit);
        },
        onError: (err) => {
          if (!(err instanceof ApiError && err.status === 0)) setIdempotencyKey(newIdempotencyKey());
          const message = errorMessage(err, DepositMsg.failed);
          setFailure(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="deposit-form">
      <TextField
        label="Amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          if (error) setError(undefined);
        }}
        error={error}
      />
      <Field id={methodId} label="Payment method">
        <select
          id={methodId}
          className={inputClass}
          value={method}
          onChange={(e) => setMethod(e.target.value as DepositCurrency)}
        >
          {methods.map((m) => (
            <option key={m} value={m}>
              {CURRENCY_LABELS[m] ?? m}
            </option>
          ))}
        </select>
      </Field>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {pending ? (
        <Notice tone="success" title="Deposit recorded" testId="deposit-pending">
          <p>{pending.message}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <span>
              {formatMoney(pending.deposit.amount)} in {pending.deposit.currency}
            </span>
            <StatusBadge status={pending.deposit.status} />
            {session ? (
              <Link
                className="font-medium underline"
                to={`${userBase(session.userName)}/order/${encodeURIComponent(pending.deposit.referenceNumber)}`}
              >
                {pending.deposit.referenceNumber}
              </Link>
            ) : null}
          </p>
        </Notice>
      ) : null}
      <button type="submit" className="btn-primary" disabled={create.isPending}>
        <ArrowUpFromLine className="size-4" aria-hidden="true" />
        {create.isPending ? 'Processing...' : 'Deposit'}
      </button>
    </form>
  );
}
