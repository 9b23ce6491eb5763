import { ArrowLeft, CircleCheck, CircleX, Clock, Printer, SearchX } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isNotFound, useTransactionByReference, type TransactionReceipt } from '../api/funds';
import { useSiteName } from '../api/queries';
import { currentLocale } from '../i18n/i18n';
import { activeT } from '../lib/activeT';
import { explorerUrl } from '../lib/explorer';
import { formatDateTime, formatMoney } from '../lib/format';
import { moneyWords, useMoneyWords } from '../lib/words';
import { Badge, LoadError, type Tone } from './Notice';
import { QueryView } from './QueryView';
import { PageLoader } from './Spinner';
import { PaymentInstructionsPanel } from './PaymentInstructions';

/**
 * Status colours of every money list and the receipt (spec §2 Order confirmation): done is
 * green, waiting is yellow, anything else (failed, cancelled, expired, invalid) is red.
 */
export function statusTone(status: string): Tone {
  const s = status.toLowerCase();
  if (s === 'completed' || s === 'settled') return 'success';
  if (s === 'pending' || s === 'new' || s === 'review' || s === 'paying') return 'warning';
  return 'error';
}

/** A status pill in the one word of its status (in the active language), upper-cased as on the receipt. */
export function StatusBadge({ status }: { status: string }) {
  const words = useMoneyWords();
  return <Badge tone={statusTone(status)}>{words.status(status).toLocaleUpperCase(currentLocale())}</Badge>;
}

/**
 * "manual_deposit" → "Manual deposit": a known type by the shared words
 * (`common:transactionType.*`), any other spelled out as stored.
 */
export function transactionTypeLabel(type: string): string {
  const known = moneyWords(activeT()).transactionType(type);
  if (known !== type) return known;
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : activeT()('ui:receipt.unknownType');
}

/** "$1,250.00 USD": the dollar amount with the currency it was paid or paid out in. */
export function amountWithCurrency(amount: number, currency: string): string {
  return `${formatMoney(amount)} ${currency || 'USD'}`;
}

const statusIcon = { success: CircleCheck, warning: Clock, error: CircleX, info: Clock } as const;
const iconColour = {
  success: 'text-emerald-600 dark:text-emerald-400',
  warning: 'text-amber-600 dark:text-amber-400',
  error: 'text-danger',
  info: 'text-accent',
} as const;

export interface ReceiptLink {
  to: string;
  label: string;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words sm:text-right">{children}</dd>
    </div>
  );
}

/** BTCPay's own explorer link when it is a web page (it comes from outside: never a script URL). */
const webPage = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** A payout's hash or bank reference; a BTC or TRON hash links to its block explorer (BTCPay's, when it gave one). */
function PayoutReference({
  currency,
  reference,
  link = null,
  testId = 'order-payout-reference',
}: {
  currency: string | null;
  reference: string;
  link?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation(['ui', 'common']);
  const url = webPage(link) ?? explorerUrl(currency, reference);
  const text = <span className="font-mono text-xs tracking-tight break-all">{reference}</span>;
  return (
    <span data-testid={testId}>
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="text-accent underline">
          {text}
          <span className="sr-only"> {t('receipt.opensExplorer')}</span>
        </a>
      ) : (
        text
      )}
    </span>
  );
}

/** "Printed on …", set again just before each print so a page left open prints the right time. */
function PrintedOn() {
  const { t } = useTranslation(['ui', 'common']);
  const [now, setNow] = useState(() => new Date().toISOString());
  useEffect(() => {
    const update = () => setNow(new Date().toISOString());
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  return (
    <p className="hidden border-t border-line px-6 py-4 text-xs text-muted print:block">
      {t('receipt.printedOn', { date: formatDateTime(now) })}
    </p>
  );
}

function ReceiptCard({ tx }: { tx: TransactionReceipt }) {
  const siteName = useSiteName();
  const { t } = useTranslation(['ui', 'common']);
  const words = useMoneyWords();
  const tone = statusTone(tx.state);
  const Icon = statusIcon[tone];
  const payout = tx.payout;
  const reasonLabel =
    payout?.state === 'Cancelled'
      ? t('receipt.reason.cancelled')
      : tx.status === 'failed'
        ? t('receipt.reason.rejected')
        : t('receipt.reason.note');
  return (
    <article className="card print-receipt overflow-hidden" data-testid="order-receipt" aria-labelledby="order-title">
      {/* The printed page has no app header: name the platform and the document. */}
      <div className="hidden border-b border-line px-6 py-4 print:block">
        <p className="text-lg font-bold">{siteName}</p>
        <p className="text-sm text-muted">{t('receipt.document')}</p>
      </div>
      <header className="flex flex-col items-center gap-2 border-b border-line px-6 py-6 text-center">
        <Icon className={`size-12 ${iconColour[tone]}`} aria-hidden="true" />
        <h1 id="order-title" className="text-2xl font-bold tracking-tight">
          {t('receipt.title')}
        </h1>
        <p className="text-sm text-muted">
          {t('receipt.summary', { type: transactionTypeLabel(tx.type), amount: formatMoney(tx.amount) })}
        </p>
      </header>
      <dl className="divide-y divide-line px-6">
        <Row label={t('receipt.reference')}>
          <span className="font-mono" data-testid="order-reference">
            {tx.referenceNumber}
          </span>
        </Row>
        <Row label={t('receipt.date')}>{formatDateTime(tx.createdAt)}</Row>
        <Row label={t('common:word.amount')}>
          <span data-testid="order-amount">{amountWithCurrency(tx.amount, tx.currency)}</span>
        </Row>
        <Row label={t('common:word.status')}>
          <span data-testid="order-status" data-tone={tone}>
            <StatusBadge status={tx.state} />
          </span>
        </Row>
        <Row label={t('receipt.method')}>{tx.paymentMethod || t('receipt.notApplicable')}</Row>
        {tx.description.trim() ? <Row label={t('receipt.notes')}>{tx.description}</Row> : null}
        <Row label={t('receipt.type')}>{transactionTypeLabel(tx.type)}</Row>
        {payout ? (
          <Row label={t('receipt.payout')}>
            <span data-testid="order-payout-state">{words.payoutState(payout.state)}</span>
          </Row>
        ) : null}
        {payout?.txid ? (
          <Row label={t('receipt.txid')}>
            <PayoutReference
              currency={tx.paymentMethod}
              reference={payout.txid}
              link={payout.link}
              testId="order-txid"
            />
          </Row>
        ) : null}
        {tx.decisionReason ? (
          <Row label={reasonLabel}>
            <span data-testid="order-reason">{tx.decisionReason}</span>
          </Row>
        ) : null}
        {/* Once BTCPay has paid it, the reference is the transaction id shown above. */}
        {tx.payoutReference && tx.payoutReference !== payout?.txid ? (
          <Row label={t('receipt.payoutReference')}>
            <PayoutReference currency={tx.paymentMethod} reference={tx.payoutReference} />
          </Row>
        ) : null}
      </dl>
      {tx.paymentInstructions ? (
        <div className="border-t border-line px-6 py-4">
          <PaymentInstructionsPanel instructions={tx.paymentInstructions} />
        </div>
      ) : null}
      <PrintedOn />
    </article>
  );
}

function NotFoundCard({ referenceNumber }: { referenceNumber: string }) {
  const { t } = useTranslation(['ui', 'common']);
  return (
    <section className="card flex flex-col items-center gap-3 px-6 py-10 text-center" data-testid="order-not-found">
      <SearchX className="size-12 text-muted" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">{t('receipt.notFound.title')}</h1>
      <p className="text-sm text-muted">
        <Trans
          t={t}
          i18nKey="receipt.notFound.body"
          values={{ reference: referenceNumber }}
          components={{ ref: <strong className="font-mono break-all text-fg" /> }}
        />
      </p>
    </section>
  );
}

/**
 * The receipt of one transaction by reference number (user and admin order pages): the
 * spec's fields, a way back and Print Receipt. Printing hides the app around it (index.css).
 */
export function OrderReceipt({ referenceNumber, back }: { referenceNumber: string; back: ReceiptLink }) {
  const order = useTransactionByReference(referenceNumber);
  const { t } = useTranslation(['ui', 'common']);
  const backLink = (
    <Link to={back.to} className="btn-secondary">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {back.label}
    </Link>
  );

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6 sm:px-6 lg:py-8" data-testid="order-page">
      <QueryView
        query={order}
        pending={<PageLoader label={t('receipt.loading')} />}
        renderError={(error) =>
          isNotFound(error) ? (
            <NotFoundCard referenceNumber={referenceNumber} />
          ) : (
            <LoadError error={error} fallback={t('receipt.failed')} onRetry={() => void order.refetch()} />
          )
        }
      >
        {(tx) => <ReceiptCard tx={tx} />}
      </QueryView>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between print:hidden">
        {backLink}
        {order.data ? (
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden="true" />
            {t('receipt.print')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
