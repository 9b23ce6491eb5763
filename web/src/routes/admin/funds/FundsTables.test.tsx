import '../../../test/i18n';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Deposit, TransactionRow, Withdrawal } from '../../../api/adminFunds';
import { DepositTable } from './DepositTable';
import { TransactionTable } from './TransactionTable';
import { WithdrawalTable } from './WithdrawalTable';

const noop = () => undefined;
const at = '2025-03-12T14:05:00.000Z';

const deposit = (id: number, status: Deposit['status']): Deposit => ({
  id,
  userId: 40 + id,
  userName: `user${id}`,
  amount: 1234.5,
  currency: 'BTC',
  status,
  referenceNumber: `DEP${id}`,
  invoiceId: null,
  invoiceUrl: null,
  manual: false,
  notes: '',
  decisionReason: null,
  createdAt: at,
  updatedAt: at,
});

const withdrawal = (id: number, status: Withdrawal['status']): Withdrawal => ({
  id,
  userId: 50 + id,
  userName: `w${id}`,
  amount: 100,
  fee: 2.5,
  netAmount: 97.5,
  currency: 'USDT-TRON',
  destination: 'TXYZ…1234',
  status,
  referenceNumber: `WD${id}`,
  decisionReason: null,
  payoutReference: null,
  approvalRoute: null,
  approvalRule: null,
  firstApprovedBy: null,
  payout: null,
  createdAt: at,
  updatedAt: at,
});

const row = (id: number, type: string, status: TransactionRow['status']): TransactionRow => ({
  id,
  userId: 9,
  userName: 'ada',
  referenceNumber: `TX${id}`,
  type,
  amount: 10,
  currency: 'USD',
  status,
  state: status,
  paymentMethod: null,
  description: '',
  createdAt: at,
  updatedAt: at,
});

const count = (html: string, text: string) => html.split(text).length - 1;
/** Each row renders twice: a table row (wide screens) and a card (narrow screens). */
const perView = (html: string, text: string) => count(html, text) / 2;

describe('DepositTable', () => {
  const items = (['pending', 'review', 'settled', 'expired', 'invalid'] as const).map((s, i) => deposit(i + 1, s));

  it('offers Approve / Reject on pending and review deposits only', () => {
    const html = renderToStaticMarkup(<DepositTable items={items} canDecide onDecide={noop} />);
    expect(perView(html, '>Approve<')).toBe(2);
    expect(perView(html, '>Reject<')).toBe(2);
    expect(count(html, 'data-testid="deposit-row"')).toBe(5);
    expect(count(html, 'data-testid="deposit-item"')).toBe(5);
    expect(html).toContain('aria-label="Approve deposit #1"');
    expect(html).toContain('aria-label="Reject deposit #2"');
    expect(html).not.toContain('deposit #3"');
  });

  it('shows user id and name, money with 2 decimals, currency and status', () => {
    const html = renderToStaticMarkup(<DepositTable items={[deposit(1, 'pending')]} canDecide onDecide={noop} />);
    expect(html).toContain('user1');
    expect(html).toContain('ID #41');
    expect(html).toContain('$1,234.50');
    expect(html).toContain('BTC');
    expect(html).toContain('>PENDING<');
  });

  it('hides every write button and the Actions column from moderators', () => {
    const html = renderToStaticMarkup(<DepositTable items={items} canDecide={false} onDecide={noop} />);
    expect(html).not.toContain('Approve');
    expect(html).not.toContain('Actions');
  });

  it('says so when nothing matches', () => {
    expect(renderToStaticMarkup(<DepositTable items={[]} canDecide onDecide={noop} />)).toContain(
      'No deposits match this filter.',
    );
  });
});

describe('WithdrawalTable', () => {
  it('offers Approve / Reject on pending withdrawals only and shows fee and net', () => {
    const items = (['pending', 'settled', 'invalid'] as const).map((s, i) => withdrawal(i + 1, s));
    const html = renderToStaticMarkup(<WithdrawalTable items={items} canDecide onDecide={noop} />);
    expect(perView(html, '>Approve<')).toBe(1);
    expect(html).toContain('aria-label="Approve withdrawal #1"');
    expect(html).toContain('$2.50');
    expect(html).toContain('$97.50');
    expect(html).toContain('TXYZ…1234');
  });
});

describe('WithdrawalTable payouts and approvals', () => {
  const payoutId = '7Hq2xkP9LmN3sTvW8yZa1bC4dE';
  const items: Withdrawal[] = [
    {
      ...withdrawal(1, 'pending'),
      approvalRoute: 'four-eyes',
      approvalRule: 'four-eyes-threshold',
      firstApprovedBy: 3,
    },
    { ...withdrawal(2, 'pending'), approvalRoute: 'four-eyes', approvalRule: 'four-eyes-threshold' },
    {
      ...withdrawal(3, 'paying'),
      currency: 'BTC',
      approvalRoute: 'auto',
      approvalRule: 'all-rules-passed',
      payout: { id: payoutId, state: 'AwaitingPayment', txid: null, link: null },
    },
    {
      ...withdrawal(4, 'settled'),
      approvalRoute: 'staff',
      approvalRule: 'over-auto-max',
      payout: { id: payoutId, state: 'Completed', txid: 'ab12', link: 'https://mempool.space/tx/ab12' },
    },
  ];
  const html = renderToStaticMarkup(<WithdrawalTable items={items} canDecide viewerId={8} onDecide={noop} />);

  it('labels each approval of a four-eyes withdrawal and marks the one waiting for the second', () => {
    expect(html).toContain('aria-label="Approve (2 of 2) withdrawal #1"');
    expect(html).toContain('aria-label="Approve (1 of 2) withdrawal #2"');
    expect(perView(html, 'data-testid="second-approval-marker"')).toBe(1);
    expect(html).toContain('Waiting for second approval');
  });

  it('says how each was approved, in words', () => {
    expect(perView(html, '>Two approvals<')).toBe(2);
    expect(html).toContain('>At or above the two-approval amount<');
    expect(html).toContain('>Auto<');
    expect(html).toContain('>Every automatic rule holds<');
    expect(html).toContain('>Staff<');
    expect(html).toContain('>Above the automatic limit<');
  });

  it('shows the payout state, its id shortened with the full one in the title, and the transaction link', () => {
    expect(html).toContain('>SENDING<');
    expect(html).toContain('Awaiting payment');
    expect(html).toContain(`title="${payoutId}"`);
    expect(html).toContain('>7Hq2xk…C4dE<');
    expect(html).toContain('href="https://mempool.space/tx/ab12"');
    expect(html).toContain('aria-label="Copy BTCPay payout id"');
  });

  it('shows no Approve to the staff member who gave the first approval', () => {
    const mine = renderToStaticMarkup(<WithdrawalTable items={[items[0]!]} canDecide viewerId={3} onDecide={noop} />);
    expect(mine).not.toContain('Approve (2 of 2)');
    expect(mine).toContain('You gave the first approval');
    expect(mine).toContain('aria-label="Reject withdrawal #1"');
  });
});

describe('TransactionTable', () => {
  const render = (items: TransactionRow[]) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <TransactionTable items={items} onChangeStatus={noop} />
      </MemoryRouter>,
    );

  it('links each reference to the admin order page', () => {
    expect(render([row(1, 'deposit', 'completed')])).toContain('href="/app/admin/order-confirmation/TX1"');
  });

  it('offers a status control only where a move makes sense', () => {
    const html = render([
      row(1, 'deposit', 'pending'),
      row(2, 'manual_deposit', 'completed'),
      row(3, 'withdrawal', 'completed'),
    ]);
    expect(perView(html, '<select')).toBe(1);
    expect(html).toContain('aria-label="Change status of TX1"');
    expect(html).toContain('Mark completed');
    expect(html).toContain('Mark rejected');
  });
});
