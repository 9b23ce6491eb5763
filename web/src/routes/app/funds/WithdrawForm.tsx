import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDownToLine, ArrowLeft, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { WITHDRAWAL_CURRENCIES, WithdrawMsg } from '@contract/funds';
import { KYC_REQUIRED } from '@contract/kyc';
import { ApiError, errorMessage } from '../../../api/client';
import {
  newIdempotencyKey,
  useWithdraw,
  useWithdrawQuote,
  type Withdrawal,
  type WithdrawalQuote,
} from '../../../api/funds';
import { useKycState } from '../../../api/kyc';
import { useSession } from '../../../api/session';
import { verificationPath } from '../../../components/KycBanner';
import { TextField } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { userBase } from '../../../lib/paths';
import { destinationLabel, zWithdrawForm, type WithdrawFormValues } from './amounts';
import { CurrencySelect } from './CurrencySelect';
import { useDebouncedValue } from './useDebouncedValue';

/** Pause after typing before asking for a quote. */
const QUOTE_DELAY_MS = 350;
const EMPTY: WithdrawFormValues = { amount: '', currency: 'BTC' };

/** Amount, fee, what arrives and where: shown before the user confirms. */
export function QuoteSummary({ quote }: { quote: WithdrawalQuote }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="withdraw-quote">
      <dt className="text-muted">Amount</dt>
      <dd className="text-right font-medium">{formatMoney(quote.amount)}</dd>
      <dt className="text-muted">Fee</dt>
      <dd className="text-right font-medium" data-testid="withdraw-fee">
        {formatMoney(quote.fee)}
      </dd>
      <dt className="font-semibold">You receive</dt>
      <dd className="text-right font-bold" data-testid="withdraw-net">
        {formatMoney(quote.netAmount)} <span className="text-xs font-medium text-muted">in {quote.currency}</span>
      </dd>
      <dt className="text-muted">Paid to</dt>
      <dd className="min-w-0 text-right font-mono text-xs break-all" data-testid="withdraw-destination">
        {quote.destination ?? (
          <span className="font-sans text-danger">No {destinationLabel(quote.currency)} saved</span>
        )}
      </dd>
      <dt className="text-muted">Available balance</dt>
      <dd className="text-right">{formatMoney(quote.availableBalance)}</dd>
      {quote.problem ? null : (
        <>
          <dt className="text-muted">Payout</dt>
          <dd className="text-right font-medium" data-testid="withdraw-pays">
            {quote.pays === 'automatically' ? 'Sent automatically' : 'After review'}
          </dd>
        </>
      )}
    </dl>
  );
}

/** Which withdrawals BTCPay sends without waiting for staff; null when every one is reviewed. */
export function autoPayText(q: WithdrawalQuote): string | null {
  if (q.autoPayMax === null) return null;
  return `BTC withdrawals up to ${formatMoney(q.autoPayMax)} can be sent automatically; other currencies and larger amounts are reviewed by our team first.`;
}

/** The operator's limits in words; null when none is set (no invented "$0.00" minimum). */
function limitsText(q: WithdrawalQuote): string | null {
  const min = q.minimum > 0 ? formatMoney(q.minimum) : null;
  const max = q.maximum !== null ? formatMoney(q.maximum) : null;
  if (min && max) return `Minimum ${min}, maximum ${max} per withdrawal.`;
  if (min) return `Minimum ${min} per withdrawal.`;
  if (max) return `Maximum ${max} per withdrawal.`;
  return null;
}

function QuotePanel({ amount, quote }: { amount: string | null; quote: ReturnType<typeof useWithdrawQuote> }) {
  const { data: session } = useSession();
  let content;
  if (amount === null)
    content = <p className="text-sm text-muted">Enter an amount to see the fee and what you receive.</p>;
  else if (quote.isPending) content = <Spinner label="Calculating the fee..." />;
  else if (quote.isError)
    content = (
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-danger">
          {errorMessage(quote.error, 'Could not calculate the fee. Please try again.')}
        </span>
        <button type="button" className="btn-secondary px-3" onClick={() => void quote.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          Retry
        </button>
      </div>
    );
  else {
    const q = quote.data;
    content = (
      <div className={`flex flex-col gap-3 ${quote.isFetching ? 'opacity-60' : ''}`}>
        <QuoteSummary quote={q} />
        {limitsText(q) ? <p className="text-xs text-muted">{limitsText(q)}</p> : null}
        {autoPayText(q) ? (
          <p className="text-xs text-muted" data-testid="withdraw-auto-rule">
            {autoPayText(q)}
          </p>
        ) : null}
        {q.problem ? (
          <Notice
            tone="warning"
            testId="withdraw-problem"
            action={
              q.problemCode === KYC_REQUIRED && session ? (
                <Link className="font-medium underline" to={verificationPath(session.userName)}>
                  Go to Verification
                </Link>
              ) : q.destination === null && session ? (
                <Link className="font-medium underline" to={`${userBase(session.userName)}/profile`}>
                  Add payout details
                </Link>
              ) : null
            }
          >
            {/* The hold's end in the reader's own time zone, as every date on the screens. */}
            {q.problemCode === 'SECURITY_HOLD' && q.securityHoldUntil
              ? WithdrawMsg.securityHold(formatDateTime(q.securityHoldUntil))
              : q.problem}
          </Notice>
        ) : q.securityHoldUntil ? (
          <Notice tone="warning">{WithdrawMsg.securityHold(formatDateTime(q.securityHoldUntil))}</Notice>
        ) : null}
      </div>
    );
  }
  return (
    <div className="rounded-lg bg-surface-2 px-4 py-3" aria-live="polite" aria-busy={quote.isFetching}>
      {content}
    </div>
  );
}

/** Says before anything is typed that withdrawals need a verified identity, when they do. */
function KycRequirement({ userId }: { userId: number }) {
  const { data: session } = useSession();
  const { data } = useKycState(userId);
  if (!data || !session || !data.requirements.forWithdrawal || data.status === 'approved') return null;
  return (
    <Notice
      tone="warning"
      testId="withdraw-kyc"
      action={
        data.status === 'pending' ? null : (
          <Link className="font-medium underline" to={verificationPath(session.userName)}>
            {data.status === 'rejected' ? 'Submit verification again' : 'Verify your identity'}
          </Link>
        )
      }
    >
      {data.status === 'pending'
        ? 'Your identity verification is being reviewed: withdrawals open once it is approved.'
        : 'Withdrawals need a verified identity.'}
    </Notice>
  );
}

interface WithdrawFormProps {
  userId: number;
  /** After a withdrawal was accepted (closes the modal that holds the form). */
  onDone?: (withdrawal: Withdrawal) => void;
}

/**
 * Withdrawal in two steps (spec §2, §5 Withdrawal): amount in USD and currency with a live
 * quote, then a confirmation of exactly what was quoted. The money is held at once; BTCPay sends it
 * when the approval rules allow (the quote says), else staff review and pay it.
 */
export function WithdrawForm({ userId, onDone }: WithdrawFormProps) {
  const withdraw = useWithdraw();
  // The amount's message (an alert) shows on submit, goes as soon as the amount is edited, and moves no focus.
  const form = useForm<WithdrawFormValues, unknown, z.output<typeof zWithdrawForm>>({
    resolver: zodResolver(zWithdrawForm),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [review, setReview] = useState<{ amount: string; quote: WithdrawalQuote } | null>(null);
  const [failure, setFailure] = useState<string>();
  const [failureCode, setFailureCode] = useState<string>();
  const { data: session } = useSession();
  // One key per withdrawal the user means: kept across a network retry, renewed after an answer.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const [text, currency] = useWatch({ control: form.control, name: ['amount', 'currency'] });
  const typed = zWithdrawForm.shape.amount.safeParse(text);
  const amount = typed.success ? typed.data : null;
  const settledAmount = useDebouncedValue(amount, QUOTE_DELAY_MS);
  const quote = useWithdrawQuote(settledAmount, currency);
  // Only a quote of exactly what is typed now may be confirmed.
  const current =
    settledAmount === amount && quote.data && !quote.isPlaceholderData && !quote.isFetching ? quote.data : undefined;

  const toReview = form.handleSubmit((values) => {
    if (!current || current.problem) return;
    setFailure(undefined);
    setReview({ amount: values.amount, quote: current });
  });

  const confirm = () => {
    if (!review) return;
    withdraw.mutate(
      { userId, amount: review.amount, currency: review.quote.currency, idempotencyKey },
      {
        onSuccess: ({ message, withdrawal }) => {
          toast.success(message);
          setIdempotencyKey(newIdempotencyKey());
          setReview(null);
          form.reset(EMPTY);
          onDone?.(withdrawal);
        },
        onError: (err) => {
          if (!(err instanceof ApiError && err.status === 0)) setIdempotencyKey(newIdempotencyKey());
          const message = errorMessage(err, 'Failed to process withdrawal');
          setFailure(message);
          setFailureCode(err instanceof ApiError ? err.code : undefined);
          toast.error(message);
        },
      },
    );
  };

  if (review) {
    return (
      <div className="flex flex-col gap-4" data-testid="withdraw-confirm">
        <p className="text-sm">
          Please check the withdrawal below. The amount is taken from your available balance at once and{' '}
          {review.quote.pays === 'automatically'
            ? 'sent to your wallet through BTCPay as soon as you confirm.'
            : 'paid out after review by our team.'}
        </p>
        <div className="rounded-lg bg-surface-2 px-4 py-3">
          <QuoteSummary quote={review.quote} />
        </div>
        {failure ? (
          <Notice
            tone="error"
            action={
              failureCode === KYC_REQUIRED && session ? (
                <Link className="font-medium underline" to={verificationPath(session.userName)}>
                  Go to Verification
                </Link>
              ) : null
            }
          >
            {failure}
          </Notice>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setReview(null);
              setFailure(undefined);
            }}
            disabled={withdraw.isPending}
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back
          </button>
          <button type="button" className="btn-primary" onClick={confirm} disabled={withdraw.isPending}>
            {withdraw.isPending ? 'Processing...' : 'Confirm Withdrawal'}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={toReview} noValidate data-testid="withdraw-form">
      <KycRequirement userId={userId} />
      <TextField
        label="Amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        error={form.formState.errors.amount?.message}
        {...form.register('amount', { onChange: () => form.clearErrors('amount') })}
      />
      <Controller
        control={form.control}
        name="currency"
        render={({ field }) => <CurrencySelect label="Receive in" options={WITHDRAWAL_CURRENCIES} {...field} />}
      />
      <QuotePanel amount={settledAmount} quote={quote} />
      <button
        type="submit"
        className="btn-primary"
        disabled={amount !== null && (!current || current.problem !== null)}
      >
        <ArrowDownToLine className="size-4" aria-hidden="true" />
        Review Withdrawal
      </button>
    </form>
  );
}
