import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DepositMsg, WithdrawMsg } from '@contract/funds';
import type { WithdrawalQuote } from '../../../api/funds';
import { testI18n } from '../../../test/i18n';
import { zDepositForm, zWithdrawForm } from './amounts';
import { DepositForm } from './DepositForm';
import { QuoteSummary, WithdrawForm, autoPayText } from './WithdrawForm';

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
  pays: 'after-review',
  autoPayMax: null,
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

  it('says how it is paid: sent automatically, or after review; nothing when it would be refused', () => {
    expect(renderToStaticMarkup(<QuoteSummary quote={{ ...quote, pays: 'automatically' }} />)).toContain(
      'Sent automatically',
    );
    expect(renderToStaticMarkup(<QuoteSummary quote={quote} />)).toContain('After review');
    const refused = renderToStaticMarkup(<QuoteSummary quote={{ ...quote, problem: WithdrawMsg.insufficient }} />);
    expect(refused).not.toContain('withdraw-pays');
  });

  it('says which withdrawals are sent automatically, when any are', () => {
    const t = testI18n.getFixedT('en', 'app');
    expect(autoPayText({ ...quote, autoPayMax: 500 }, t)).toBe(
      'BTC withdrawals up to $500.00 can be sent automatically; other currencies and larger amounts are reviewed by our team first.',
    );
    expect(autoPayText(quote, t)).toBeNull();
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

/** The forms' resolvers are what their `useForm` runs on submit: errors to show, or the values to send. */
const resolverOptions = { fields: {}, shouldUseNativeValidation: false };

describe('submitting', () => {
  it('a withdrawal of nothing shows "Invalid withdrawal amount" on the amount and sends nothing', async () => {
    for (const amount of ['', '0', '-5', '0.001']) {
      const result = await zodResolver(zWithdrawForm)({ amount, currency: 'BTC' }, undefined, resolverOptions);
      expect(result.values).toEqual({});
      expect(result.errors.amount?.message).toBe(WithdrawMsg.invalidAmount);
    }
  });

  it('a withdrawal goes on to review as the exact decimal in the chosen currency', async () => {
    const result = await zodResolver(zWithdrawForm)(
      { amount: '$1,250.5', currency: 'USD' },
      undefined,
      resolverOptions,
    );
    expect(result).toEqual({ values: { amount: '1250.50', currency: 'USD' }, errors: {} });
  });

  it('a deposit of nothing shows the spec message and sends nothing', async () => {
    const result = await zodResolver(zDepositForm)({ amount: 'abc', currency: 'BTC' }, undefined, resolverOptions);
    expect(result.values).toEqual({});
    expect(result.errors.amount?.message).toBe(DepositMsg.invalidAmount);
  });
});
