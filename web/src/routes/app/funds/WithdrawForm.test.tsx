import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { WithdrawalQuote } from '../../../api/funds';
import { DepositForm } from './DepositForm';
import { QuoteSummary, WithdrawForm } from './WithdrawForm';

const quote: WithdrawalQuote = {
  amount: 100,
  fee: 2.5,
  netAmount: 97.5,
  currency: 'BTC',
  destination: 'bc1q…7xk2',
  availableBalance: 1000,
  minimum: 10,
  maximum: null,
  securityHoldUntil: null,
  problem: null,
  problemCode: null,
};

const wrap = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('QuoteSummary', () => {
  it('shows amount, fee, what arrives and where before confirming', () => {
    const html = renderToStaticMarkup(<QuoteSummary quote={quote} />);
    expect(html).toContain('$100.00');
    expect(html).toContain('$2.50');
    expect(html).toContain('$97.50');
    expect(html).toContain('bc1q…7xk2');
  });

  it('says what is missing when no destination is saved', () => {
    expect(renderToStaticMarkup(<QuoteSummary quote={{ ...quote, destination: null }} />)).toContain(
      'No BTC wallet saved',
    );
    expect(renderToStaticMarkup(<QuoteSummary quote={{ ...quote, currency: 'USD', destination: null }} />)).toContain(
      'No bank account saved',
    );
  });
});

describe('forms', () => {
  it('offers the withdrawal currencies BTC, USDT-TRON and USD, BTC first', () => {
    const html = wrap(<WithdrawForm userId={1} />);
    const values = [...html.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
    expect(values).toEqual(['BTC', 'USDT-TRON', 'USD']);
    expect(html).toContain('Enter an amount to see the fee');
  });

  it('offers the Account page deposit methods BTC, USDT-TRON and LTC, BTC selected', () => {
    const html = wrap(<DepositForm />);
    const values = [...html.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
    expect(values).toEqual(['BTC', 'USDT-TRON', 'LTC']);
    expect(html).toMatch(/<option value="BTC" selected="">/);
  });
});
