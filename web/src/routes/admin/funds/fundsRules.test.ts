import { describe, expect, it } from 'vitest';
import { DEPOSIT_STATUSES, TRANSACTION_STATUSES, TRANSACTION_TYPES, WITHDRAWAL_STATUSES } from '@contract/funds';
import {
  DECISION_STATUS,
  canDecideDeposit,
  canDecideWithdrawal,
  decisionQuestion,
  statusTargets,
  userOptionLabel,
} from './fundsRules';

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
    expect(decisionQuestion('approve', 'transaction')).toBe('Are you sure you want to approve this transaction?');
    expect(decisionQuestion('reject', 'transaction')).toBe('Are you sure you want to reject this transaction?');
    expect(decisionQuestion('approve', 'withdrawal')).toBe('Are you sure you want to approve this withdrawal?');
    expect(decisionQuestion('reject', 'withdrawal')).toBe('Are you sure you want to reject this withdrawal?');
  });
});
