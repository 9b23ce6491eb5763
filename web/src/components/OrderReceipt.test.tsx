import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WithdrawMsg } from '@contract/funds';
import { ApiError } from '../api/client';
import { fundsKeys, type TransactionReceipt } from '../api/funds';
import { OrderReceipt, amountWithCurrency, statusTone, transactionTypeLabel } from './OrderReceipt';
import '../test/i18n';

const tx: TransactionReceipt = {
  id: 1,
  userId: 2,
  userName: 'ava1',
  referenceNumber: 'WD-ABC123',
  type: 'withdrawal',
  amount: 1250.5,
  currency: 'BTC',
  status: 'pending',
  state: 'pending',
  paymentMethod: null,
  description: '',
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  paymentInstructions: null,
  decisionReason: null,
  payoutReference: null,
  payout: null,
};

function render(ref: string, setup: (client: QueryClient) => void): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  setup(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderReceipt referenceNumber={ref} back={{ to: '/app/ava1/dashboard', label: 'Return to Dashboard' }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('statusTone (spec §2 Order confirmation)', () => {
  it.each([
    ['completed', 'success'],
    ['settled', 'success'],
    ['pending', 'warning'],
    ['review', 'warning'],
    ['Pending', 'warning'],
    ['failed', 'error'],
    ['cancelled', 'error'],
    ['invalid', 'error'],
    ['expired', 'error'],
  ])('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it('labels types and amounts', () => {
    expect(transactionTypeLabel('manual_deposit')).toBe('Manual deposit');
    expect(transactionTypeLabel('principal_release')).toBe('Capital returned');
    expect(amountWithCurrency(1250.5, 'BTC')).toBe('$1,250.50 BTC');
    expect(amountWithCurrency(3, '')).toBe('$3.00 USD');
  });
});

describe('OrderReceipt', () => {
  it('shows the fields, the status upper-cased in yellow, N/A for a missing method, and no notes when empty', () => {
    const html = render(tx.referenceNumber, (c) => c.setQueryData(fundsKeys.order(tx.referenceNumber), tx));
    expect(html).toContain('Order Confirmation');
    expect(html).toContain('WD-ABC123');
    expect(html).toContain('$1,250.50 BTC');
    expect(html).toContain('PENDING');
    expect(html).toContain('data-tone="warning"');
    expect(html).toMatch(/Payment Method<\/dt><dd[^>]*>N\/A</);
    expect(html).not.toContain('Additional Notes');
    expect(html).toContain('Return to Dashboard');
    expect(html).toContain('Print Receipt');
  });

  it('shows the notes and the method when present, and a completed status in green', () => {
    const done = {
      ...tx,
      status: 'completed' as const,
      state: 'completed' as const,
      paymentMethod: 'BTC',
      description: 'Paid to bc1…xyz',
    };
    const html = render(tx.referenceNumber, (c) => c.setQueryData(fundsKeys.order(tx.referenceNumber), done));
    expect(html).toContain('Additional Notes');
    expect(html).toContain('Paid to bc1…xyz');
    expect(html).toContain('COMPLETED');
    expect(html).toContain('data-tone="success"');
  });

  it('shows why staff rejected it, and a paid-out BTC hash linked to the block explorer', () => {
    const rejected = { ...tx, status: 'failed' as const, decisionReason: 'The wallet is not yours' };
    let html = render(tx.referenceNumber, (c) => c.setQueryData(fundsKeys.order(tx.referenceNumber), rejected));
    expect(html).toMatch(/Reason for rejection<\/dt><dd[^>]*><span[^>]*>The wallet is not yours</);
    expect(html).not.toContain('Payout Reference');
    const hash = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';
    const paid = { ...tx, status: 'completed' as const, paymentMethod: 'BTC', payoutReference: hash };
    html = render(tx.referenceNumber, (c) => c.setQueryData(fundsKeys.order(tx.referenceNumber), paid));
    expect(html).toContain(`href="https://mempool.space/tx/${hash}"`);
    expect(html).not.toContain('Reason for rejection');
  });

  it('a withdrawal BTCPay is sending says Sending and its payout state in words, then its transaction id', () => {
    const show = (receipt: TransactionReceipt) =>
      render(tx.referenceNumber, (c) => c.setQueryData(fundsKeys.order(tx.referenceNumber), receipt));
    const sending = { ...tx, state: 'paying' as const, paymentMethod: 'BTC' };
    let html = show({ ...sending, payout: { state: 'AwaitingPayment', txid: null, link: null } });
    expect(html).toContain('SENDING');
    expect(html).toContain('data-tone="warning"');
    expect(html).toMatch(/Payout<\/dt><dd[^>]*><span[^>]*>Waiting to be sent</);
    expect(html).not.toContain('Transaction ID');

    const hash = 'b'.repeat(64);
    const link = `https://explorer.example/tx/${hash}`;
    html = show({ ...sending, payout: { state: 'InProgress', txid: hash, link } });
    expect(html).toContain('Sent, waiting for confirmation');
    expect(html).toContain(`href="${link}" target="_blank" rel="noopener noreferrer"`);

    // Paid: the reference is the transaction id, shown once, linked to BTCPay's explorer page.
    html = show({
      ...sending,
      status: 'completed',
      state: 'completed',
      payoutReference: hash,
      payout: { state: 'Completed', txid: hash, link },
    });
    expect(html).toContain('COMPLETED');
    expect(html).toContain('Sent and confirmed');
    expect(html).toContain('data-testid="order-txid"');
    expect(html).not.toContain('Payout Reference');
    expect(html.split(hash).length - 1).toBe(2); // the link's href and its text
  });

  it('a link BTCPay gives that is not a web page is not followed: the txid links to mempool.space instead', () => {
    const hash = 'c'.repeat(64);
    const html = render(tx.referenceNumber, (c) =>
      c.setQueryData(fundsKeys.order(tx.referenceNumber), {
        ...tx,
        state: 'paying' as const,
        paymentMethod: 'BTC',
        payout: { state: 'InProgress', txid: hash, link: 'javascript:alert(1)' },
      }),
    );
    expect(html).not.toContain('javascript:');
    expect(html).toContain(`href="https://mempool.space/tx/${hash}"`);
  });

  it('a cancelled payout says why', () => {
    const html = render(tx.referenceNumber, (c) =>
      c.setQueryData(fundsKeys.order(tx.referenceNumber), {
        ...tx,
        status: 'failed' as const,
        state: 'invalid' as const,
        paymentMethod: 'BTC',
        decisionReason: WithdrawMsg.payoutCancelled,
        payout: { state: 'Cancelled', txid: null, link: null },
      }),
    );
    expect(html).toMatch(/Payout<\/dt><dd[^>]*><span[^>]*>Cancelled</);
    expect(html).toMatch(/Why it was cancelled<\/dt><dd[^>]*><span[^>]*>The payout was cancelled in BTCPay/);
  });

  it('says Order Not Found with the reference on a 404, without Print Receipt', () => {
    const html = render('NOPE-1', (c) => {
      c.getQueryCache().build(
        c,
        { queryKey: fundsKeys.order('NOPE-1') },
        {
          status: 'error',
          error: new ApiError(404, 'NOT_FOUND', 'Transaction not found', undefined, true),
          data: undefined,
          dataUpdateCount: 0,
          dataUpdatedAt: 0,
          errorUpdateCount: 1,
          errorUpdatedAt: Date.now(),
          fetchFailureCount: 1,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          fetchStatus: 'idle',
        },
      );
    });
    expect(html).toContain('Order Not Found');
    expect(html).toContain('We couldn&#x27;t find an order with reference number');
    expect(html).toContain('NOPE-1');
    expect(html).not.toContain('Print Receipt');
  });
});
