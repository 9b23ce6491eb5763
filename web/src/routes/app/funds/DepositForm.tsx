import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowUpFromLine } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { DepositMsg } from '@contract/funds';
import { ApiError, errorMessage } from '../../../api/client';
import {
  newIdempotencyKey,
  useCreateDeposit,
  type Deposit,
  type DepositCurrency,
  type PaymentInstructions,
} from '../../../api/funds';
import { useSession } from '../../../api/session';
import { translateMessage } from '../../../i18n/messages';
import { TextField } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';
import { StatusBadge } from '../../../components/OrderReceipt';
import { PaymentInstructionsPanel } from '../../../components/PaymentInstructions';
import { formatMoney } from '../../../lib/format';
import { userBase } from '../../../lib/paths';
import { CurrencySelect } from './CurrencySelect';
import { ACCOUNT_DEPOSIT_METHODS, zDepositForm, type DepositFormValues } from './amounts';

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
  const { t } = useTranslation('app');
  const create = useCreateDeposit();
  const { data: session } = useSession();
  const empty: DepositFormValues = { amount: '', currency: methods[0] ?? 'BTC' };
  // The amount's message (an alert) shows on submit, goes as soon as the amount is edited, and moves no focus.
  const form = useForm<DepositFormValues, unknown, z.output<typeof zDepositForm>>({
    resolver: zodResolver(zDepositForm),
    defaultValues: empty,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState<{
    message: string;
    deposit: Deposit;
    instructions: PaymentInstructions | null;
  } | null>(null);

  // One key per deposit the user means: kept across a network retry, renewed after an answer,
  // so a request whose response was lost is not made twice.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const submit = form.handleSubmit(({ amount, currency }) => {
    setFailure(undefined);
    create.mutate(
      { amount, currency, idempotencyKey },
      {
        onSuccess: (answer) => {
          const { deposit, invoiceUrl, instructions } = answer;
          const message = translateMessage(answer.message);
          setIdempotencyKey(newIdempotencyKey());
          form.reset(empty);
          if (invoiceUrl) {
            toast.success(message);
            window.location.assign(invoiceUrl);
            return;
          }
          toast.success(message);
          setPending({ message, deposit, instructions });
          onCreated?.(deposit);
        },
        onError: (err) => {
          if (!(err instanceof ApiError && err.status === 0)) setIdempotencyKey(newIdempotencyKey());
          const message = errorMessage(err, translateMessage(DepositMsg.failed));
          setFailure(message);
          toast.error(message);
        },
      },
    );
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="deposit-form">
      <TextField
        label={t('deposit.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        error={form.formState.errors.amount?.message}
        {...form.register('amount', { onChange: () => form.clearErrors('amount') })}
      />
      <Controller
        control={form.control}
        name="currency"
        render={({ field }) => <CurrencySelect label={t('deposit.method')} options={methods} {...field} />}
      />
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {pending ? (
        <Notice tone="success" title={t('deposit.recorded')} testId="deposit-pending">
          <p>{pending.message}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <span>
              {t('deposit.amountIn', {
                amount: formatMoney(pending.deposit.amount),
                currency: pending.deposit.currency,
              })}
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
          {pending.instructions ? (
            <div className="mt-3 border-t border-line pt-3">
              <PaymentInstructionsPanel instructions={pending.instructions} />
            </div>
          ) : null}
        </Notice>
      ) : null}
      <button type="submit" className="btn-primary" disabled={create.isPending}>
        <ArrowUpFromLine className="size-4" aria-hidden="true" />
        {create.isPending ? t('deposit.processing') : t('deposit.submit')}
      </button>
    </form>
  );
}
