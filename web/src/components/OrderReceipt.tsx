import { ArrowLeft, CircleCheck, CircleX, Clock, Printer, SearchX } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { payoutStateWord, statusWord } from '@contract/funds';
import { isNotFound, useTransactionByReference, type TransactionReceipt } from '../api/funds';
import { useSiteName } from '../api/queries';
import { explorerUrl } from '../lib/explorer';
import { formatDateTime, formatMoney } from '../lib/format';
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

/** A status pill in the one word of its status (STATUS_WORDS), upper-cased as on the receipt. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{statusWord(status).toUpperCase()}</Badge>;
}

/** "manual_deposit" → "Manual deposit". */
export function transactionTypeLabel(type: string): string {
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
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
  const url = webPage(link) ?? explorerUrl(currency, reference);
  const text = <span className="font-mono text-xs tracking-tight break-all">{reference}</span>;
  return (
    <span data-testid={testId}>
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="text-accent underline">
          {text}
          <span className="sr-only"> (opens the block explorer)</span>
        </a>
      ) : (
        text
      )}
    </span>
  );
}

/** "Printed on …", set again just before each print so a page left open prints the right time. */
function PrintedOn() {
  const [now, setNow] = useState(() => new Date().toISOString());
  useEffect(() => {
    const update = () => setNow(new Date().toISOString());
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  return (
    <p className="hidden border-t border-line px-6 py-4 text-xs text-muted print:block">
      Printed on {formatDateTime(now)}
    </p>
  );
}

function ReceiptCard({ tx }: { tx: TransactionReceipt }) {
  const siteName = useSiteName();
  const tone = statusTone(tx.state);
  const Icon = statusIcon[tone];
  const payout = tx.payout;
  const reasonLabel =
    payout?.state === 'Cancelled'
      ? 'Why it was cancelled'
      : tx.status === 'failed'
        ? 'Reason for rejection'
        : 'Note from our team';
  return (
    <article className="card print-receipt overflow-hidden" data-testid="order-receipt" aria-labelledby="order-title">
      {/* The printed page has no app header: name the platform and the document. */}
      <div className="hidden border-b border-line px-6 py-4 print:block">
        <p className="text-lg font-bold">{siteName}</p>
        <p className="text-sm text-muted">Transaction receipt</p>
      </div>
      <header className="flex flex-col items-center gap-2 border-b border-line px-6 py-6 text-center">
        <Icon className={`size-12 ${iconColour[tone]}`} aria-hidden="true" />
        <h1 id="order-title" className="text-2xl font-bold tracking-tight">
          Order Confirmation
        </h1>
        <p className="text-sm text-muted">
          {transactionTypeLabel(tx.type)} of {formatMoney(tx.amount)}
        </p>
      </header>
      <dl className="divide-y divide-line px-6">
        <Row label="Reference Number">
          <span className="font-mono" data-testid="order-reference">
            {tx.referenceNumber}
          </span>
        </Row>
        <Row label="Transaction Date">{formatDateTime(tx.createdAt)}</Row>
        <Row label="Amount">
          <span data-testid="order-amount">{amountWithCurrency(tx.amount, tx.currency)}</span>
        </Row>
        <Row label="Status">
          <span data-testid="order-status" data-tone={tone}>
            <StatusBadge status={tx.state} />
          </span>
        </Row>
        <Row label="Payment Method">{tx.paymentMethod || 'N/A'}</Row>
        {tx.description.trim() ? <Row label="Additional Notes">{tx.description}</Row> : null}
        <Row label="Transaction Type">{transactionTypeLabel(tx.type)}</Row>
        {payout ? (
          <Row label="Payout">
            <span data-testid="order-payout-state">{payoutStateWord(payout.state)}</span>
          </Row>
        ) : null}
        {payout?.txid ? (
          <Row label="Transaction ID">
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
          <Row label="Payout Reference">
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
  return (
    <section className="card flex flex-col items-center gap-3 px-6 py-10 text-center" data-testid="order-not-found">
      <SearchX className="size-12 text-muted" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">Order Not Found</h1>
      <p className="text-sm text-muted">
        We couldn't find an order with reference number{' '}
        <strong className="font-mono break-all text-fg">{referenceNumber}</strong>
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
        pending={<PageLoader label="Loading the order..." />}
        renderError={(error) =>
          isNotFound(error) ? (
            <NotFoundCard referenceNumber={referenceNumber} />
          ) : (
            <LoadError
              error={error}
              fallback="Failed to fetch transaction details"
              onRetry={() => void order.refetch()}
            />
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
            Print Receipt
          </button>
        ) : null}
      </div>
    </div>
  );
}
