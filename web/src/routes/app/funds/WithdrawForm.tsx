import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDownToLine, ArrowLeft, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { WITHDRAWAL_CURRENCIES, WithdrawMsg } from '@contract/funds';
import { KYC_REQUIRED } from '@contract/kyc-codes';
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
import { translateMessage } from '../../../i18n/messages';
import { verificationPath } from '../../../components/KycBanner';
import { TextField } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { userBase } from '../../../lib/paths';
import { destinationKind, zWithdrawForm, type WithdrawFormValues } from './amounts';
import { CurrencySelect } from './CurrencySelect';
import { useDebouncedValue } from './useDebouncedValue';

/** Pause after typing before asking for a quote. */
const QUOTE_DELAY_MS = 350;
const EMPTY: WithdrawFormValues = { amount: '', currency: 'BTC' };

/** Amount, fee, what arrives and where: shown before the user confirms. */
export function QuoteSummary({ quote }: { quote: WithdrawalQuote }) {
  const { t } = useTranslation('app');
  const { t: tc } = useTranslation('common');
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="withdraw-quote">
      <dt className="text-muted">{tc('word.amount')}</dt>
      <dd className="text-right font-medium">{formatMoney(quote.amount)}</dd>
      <dt className="text-muted">{t('withdraw.quote.fee')}</dt>
      <dd className="text-right font-medium" data-testid="withdraw-fee">
        {formatMoney(quote.fee)}
      </dd>
      <dt className="font-semibold">{t('withdraw.quote.receive')}</dt>
      <dd className="text-right font-bold" data-testid="withdraw-net">
        {formatMoney(quote.netAmount)}{' '}
        <span className="text-xs font-medium text-muted">{t('withdraw.quote.in', { currency: quote.currency })}</span>
      </dd>
      <dt className="text-muted">{t('withdraw.quote.paidTo')}</dt>
      <dd className="min-w-0 text-right font-mono text-xs break-all" data-testid="withdraw-destination">
        {quote.destination ?? (
          <span className="font-sans text-danger">
            {destinationKind(quote.currency) === 'bank'
              ? t('withdraw.quote.noBank')
              : t('withdraw.quote.noWallet', { currency: quote.currency })}
          </span>
        )}
      </dd>
      <dt className="text-muted">{t('withdraw.quote.available')}</dt>
      <dd className="text-right">{formatMoney(quote.availableBalance)}</dd>
      {quote.problem ? null : (
        <>
          <dt className="text-muted">{t('withdraw.quote.payout')}</dt>
          <dd className="text-right font-medium" data-testid="withdraw-pays">
            {quote.pays === 'automatically' ? t('withdraw.quote.automatic') : t('withdraw.quote.afterReview')}
          </dd>
        </>
      )}
    </dl>
  );
}

/** Which withdrawals BTCPay sends without waiting for staff; null when every one is reviewed. */
export function autoPayText(q: WithdrawalQuote, t: TFunction<'app'>): string | null {
  if (q.autoPayMax === null) return null;
  return t('withdraw.autoRule', { max: formatMoney(q.autoPayMax) });
}

/** The operator's limits in words; null when none is set (no invented "$0.00" minimum). */
function limitsText(q: WithdrawalQuote, t: TFunction<'app'>): string | null {
  const min = q.minimum > 0 ? formatMoney(q.minimum) : null;
  const max = q.maximum !== null ? formatMoney(q.maximum) : null;
  if (min && max) return t('withdraw.limits.both', { min, max });
  if (min) return t('withdraw.limits.min', { min });
  if (max) return t('withdraw.limits.max', { max });
  return null;
}

function QuotePanel({ amount, quote }: { amount: string | null; quote: ReturnType<typeof useWithdrawQuote> }) {
  const { t } = useTranslation('app');
  const { data: session } = useSession();
  let content;
  if (amount === null) content = <p className="text-sm text-muted">{t('withdraw.enterAmount')}</p>;
  else if (quote.isPending) content = <Spinner label={t('withdraw.calculating')} />;
  else if (quote.isError)
    content = (
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-danger">{errorMessage(quote.error, t('withdraw.quoteFailed'))}</span>
        <button type="button" className="btn-secondary px-3" onClick={() => void quote.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          {t('withdraw.retry')}
        </button>
      </div>
    );
  else {
    const q = quote.data;
    const limits = limitsText(q, t);
    const autoRule = autoPayText(q, t);
    content = (
      <div className={`flex flex-col gap-3 ${quote.isFetching ? 'opacity-60' : ''}`}>
        <QuoteSummary quote={q} />
        {limits ? <p className="text-xs text-muted">{limits}</p> : null}
        {autoRule ? (
          <p className="text-xs text-muted" data-testid="withdraw-auto-rule">
            {autoRule}
          </p>
        ) : null}
        {q.problem ? (
          <Notice
            tone="warning"
            testId="withdraw-problem"
            action={
              q.problemCode === KYC_REQUIRED && session ? (
                <Link className="font-medium underline" to={verificationPath(session.userName)}>
                  {t('withdraw.goToVerification')}
                </Link>
              ) : q.destination === null && session ? (
                <Link className="font-medium underline" to={`${userBase(session.userName)}/profile`}>
                  {t('withdraw.addPayoutDetails')}
                </Link>
              ) : null
            }
          >
            {/* The hold's end in the reader's own time zone, as every date on the screens. */}
            {q.problemCode === 'SECURITY_HOLD' && q.securityHoldUntil
              ? translateMessage(WithdrawMsg.securityHold(formatDateTime(q.securityHoldUntil)))
              : translateMessage(q.problem)}
          </Notice>
        ) : q.securityHoldUntil ? (
          <Notice tone="warning">
            {translateMessage(WithdrawMsg.securityHold(formatDateTime(q.securityHoldUntil)))}
          </Notice>
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
  const { t } = useTranslation('app');
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
            {data.status === 'rejected' ? t('withdraw.kyc.resubmit') : t('withdraw.kyc.verify')}
          </Link>
        )
      }
    >
      {data.status === 'pending' ? t('withdraw.kyc.pending') : t('withdraw.kyc.required')}
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
  const { t } = useTranslation('app');
  const { t: tc } = useTranslation('common');
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
          toast.success(translateMessage(message));
          setIdempotencyKey(newIdempotencyKey());
          setReview(null);
          form.reset(EMPTY);
          onDone?.(withdrawal);
        },
        onError: (err) => {
          if (!(err instanceof ApiError && err.status === 0)) setIdempotencyKey(newIdempotencyKey());
          const message = errorMessage(err, t('withdraw.failed'));
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
          {review.quote.pays === 'automatically' ? t('withdraw.confirm.automatic') : t('withdraw.confirm.afterReview')}
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
                  {t('withdraw.goToVerification')}
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
            {tc('action.back')}
          </button>
          <button type="button" className="btn-primary" onClick={confirm} disabled={withdraw.isPending}>
            {withdraw.isPending ? t('withdraw.processing') : t('withdraw.confirm.submit')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={toReview} noValidate data-testid="withdraw-form">
      <KycRequirement userId={userId} />
      <TextField
        label={t('withdraw.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        error={form.formState.errors.amount?.message}
        {...form.register('amount', { onChange: () => form.clearErrors('amount') })}
      />
      <Controller
        control={form.control}
        name="currency"
        render={({ field }) => (
          <CurrencySelect label={t('withdraw.receiveIn')} options={WITHDRAWAL_CURRENCIES} {...field} />
        )}
      />
      <QuotePanel amount={settledAmount} quote={quote} />
      <button
        type="submit"
        className="btn-primary"
        disabled={amount !== null && (!current || current.problem !== null)}
      >
        <ArrowDownToLine className="size-4" aria-hidden="true" />
        {t('withdraw.review')}
      </button>
    </form>
  );
}
