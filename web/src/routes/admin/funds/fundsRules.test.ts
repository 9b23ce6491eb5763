import { describe, expect, it } from 'vitest';
import { DEPOSIT_STATUSES, TRANSACTION_STATUSES, TRANSACTION_TYPES, WITHDRAWAL_STATUSES } from '@contract/funds';
import {
  DECISION_STATUS,
  approvalOutcome,
  approvalStep,
  canDecideDeposit,
  canDecideWithdrawal,
  decisionQuestion,
  statusTargets,
  userOptionLabel,
  waitsForSecondApproval,
  withdrawalApproval,
} from './fundsRules';
import { testI18n } from '../../../test/i18n';

const t = testI18n.getFixedT('en', 'adminMoney');

describe('canDecideDeposit', () => {
  it.each([
    ['pending', true],
    ['review', true],
    ['settled', false],
    ['expired', false],
    ['invalid', false],
  ] as const)('%s -> %s', (status, expected) => {
    expect(canDecideDeposit(status)).toBe(expected);
  });

  it('covers every deposit status', () => {
    expect(DEPOSIT_STATUSES.filter(canDecideDeposit)).toEqual(['pending', 'review']);
  });
});

describe('canDecideWithdrawal', () => {
  it('offers a decision on pending withdrawals only', () => {
    expect(WITHDRAWAL_STATUSES.filter(canDecideWithdrawal)).toEqual(['pending']);
  });
});

describe('DECISION_STATUS', () => {
  it('approves to settled and rejects to invalid', () => {
    expect(DECISION_STATUS).toEqual({ approve: 'settled', reject: 'invalid' });
  });
});

describe('statusTargets', () => {
  it.each(['deposit', 'withdrawal'])('a pending %s may be completed or failed', (type) => {
    expect(statusTargets({ type, status: 'pending' })).toEqual(['completed', 'failed']);
  });

  it.each(['completed', 'failed', 'cancelled'] as const)('a %s deposit or withdrawal has no target left', (status) => {
    expect(statusTargets({ type: 'deposit', status })).toEqual([]);
    expect(statusTargets({ type: 'withdrawal', status })).toEqual([]);
  });

  it('offers nothing for ledger records (manual deposits, investments, returns...)', () => {
    const others = TRANSACTION_TYPES.filter((t) => t !== 'deposit' && t !== 'withdrawal');
    for (const type of others)
      for (const status of TRANSACTION_STATUSES)
        expect(statusTargets({ type, status }), `${type}/${status}`).toEqual([]);
  });

  it('never offers the current status', () => {
    for (const type of TRANSACTION_TYPES)
      for (const status of TRANSACTION_STATUSES) expect(statusTargets({ type, status })).not.toContain(status);
  });
});

describe('labels', () => {
  it('shows id, first name, last name and user name in a user option', () => {
    expect(userOptionLabel({ id: 7, firstName: 'Ada', lastName: 'Lovelace', userName: 'ada' })).toBe(
      '#7 · Ada Lovelace (@ada)',
    );
    expect(userOptionLabel({ id: 1, firstName: '', lastName: '', userName: 'admin' })).toBe('#1 · @admin');
  });

  it('asks the questions of the spec', () => {
    expect(decisionQuestion(t, 'approve', 'transaction')).toBe('Are you sure you want to approve this transaction?');
    expect(decisionQuestion(t, 'reject', 'transaction')).toBe('Are you sure you want to reject this transaction?');
    expect(decisionQuestion(t, 'approve', 'withdrawal')).toBe('Are you sure you want to approve this withdrawal?');
    expect(decisionQuestion(t, 'reject', 'withdrawal')).toBe('Are you sure you want to reject this withdrawal?');
  });
});

describe('four-eyes withdrawals', () => {
  const w = (over: Partial<Parameters<typeof approvalOutcome>[1]> = {}) => ({
    userId: 5,
    status: 'pending' as const,
    approvalRoute: 'four-eyes' as const,
    firstApprovedBy: null as number | null,
    netAmount: 2498.5,
    currency: 'BTC' as const,
    ...over,
  });

  it('counts the approvals: 1 of 2, then 2 of 2; one approval has no count', () => {
    expect(approvalStep(w())).toBe(1);
    expect(approvalStep(w({ firstApprovedBy: 9 }))).toBe(2);
    expect(approvalStep(w({ approvalRoute: 'staff' }))).toBeNull();
    expect(approvalStep(w({ approvalRoute: null }))).toBeNull();
    expect(withdrawalApproval(t, w(), 9)).toEqual({ label: 'Approve (1 of 2)', blocked: null });
    expect(withdrawalApproval(t, w({ firstApprovedBy: 9 }), 10)).toEqual({ label: 'Approve (2 of 2)', blocked: null });
    expect(withdrawalApproval(t, w({ approvalRoute: 'staff' }), 9)).toEqual({ label: 'Approve', blocked: null });
  });

  it('tells the first approver and the requester they cannot approve, as the server would refuse', () => {
    expect(withdrawalApproval(t, w({ firstApprovedBy: 9 }), 9).blocked).toBe('You gave the first approval');
    expect(withdrawalApproval(t, w(), 5).blocked).toBe('Your own request');
  });

  it('marks a pending withdrawal with one approval as waiting for the second', () => {
    expect(waitsForSecondApproval(w({ firstApprovedBy: 9 }))).toBe(true);
    expect(waitsForSecondApproval(w())).toBe(false);
    expect(waitsForSecondApproval(w({ firstApprovedBy: 9, status: 'settled' }))).toBe(false);
  });
});

describe('approvalOutcome', () => {
  const btcpay = { payoutMode: 'btcpay' as const, btcpayConfigured: true };
  const w = (over: Partial<Parameters<typeof approvalOutcome>[1]> = {}) => ({
    userId: 5,
    status: 'pending' as const,
    approvalRoute: 'staff' as const,
    firstApprovedBy: null,
    netAmount: 97.5,
    currency: 'BTC' as const,
    ...over,
  });

  it('says BTCPay sends a BTC withdrawal in BTCPay mode, and asks no payout reference', () => {
    expect(approvalOutcome(t, w(), btcpay)).toEqual({
      text: "BTCPay will send $97.50 in BTC to the user's wallet once you confirm.",
      byHand: false,
    });
  });

  it('says it is paid by hand, and why, otherwise', () => {
    const byHand = (over: object, s: Parameters<typeof approvalOutcome>[2]) => approvalOutcome(t, w(over), s)!;
    expect(byHand({}, { payoutMode: 'manual', btcpayConfigured: true })).toEqual({
      text: 'Paid by hand, not by BTCPay: payouts are manual. Pay $97.50 in BTC yourself, then confirm to mark it paid.',
      byHand: true,
    });
    expect(byHand({ currency: 'USDT-TRON' }, btcpay).text).toMatch(
      /^Paid by hand, not by BTCPay: BTCPay sends BTC only\. Pay \$97\.50 in USDT-TRON/,
    );
    expect(byHand({}, { payoutMode: 'btcpay', btcpayConfigured: false }).text).toContain('BTCPay is not configured');
  });

  it('says a first of two approvals pays nothing yet; nothing while the settings load', () => {
    const first = approvalOutcome(t, w({ approvalRoute: 'four-eyes' }), btcpay)!;
    expect(first).toEqual({
      text: 'First of two approvals: nothing is paid yet. A second staff member must approve it too; then BTCPay sends it.',
      byHand: false,
    });
    expect(approvalOutcome(t, w({ approvalRoute: 'four-eyes', firstApprovedBy: 9 }), btcpay)!.text).toMatch(
      /^BTCPay will send/,
    );
    expect(approvalOutcome(t, w(), undefined)).toBeNull();
  });
});
