import { describe, expect, it } from 'vitest';
import { DepositMsg, WithdrawMsg } from '@contract/funds';
import { checkDepositAmount, checkWithdrawalAmount, destinationLabel } from './amounts';

describe('checkDepositAmount (spec §5 Deposit)', () => {
  it.each([
    ['100', '100.00'],
    ['0.01', '0.01'],
    ['1,250.5', '1250.50'],
    [' $20 ', '20.00'],
    ['100000000', '100000000.00'],
  ])('sends %j as the exact decimal %j', (typed, wire) => {
    expect(checkDepositAmount(typed)).toEqual({ amount: wire });
  });

  it.each(['', '   ', 'abc', '0', '0.00', '-5', '1.234', '1e3', 'NaN', 'Infinity', '12abc', '100000000.01'])(
    'refuses %j with the spec message',
    (typed) => {
      expect(checkDepositAmount(typed)).toEqual({ error: DepositMsg.invalidAmount });
    },
  );
});

describe('checkWithdrawalAmount (spec §5 Withdrawal)', () => {
  it('accepts a positive dollar amount and refuses the rest with "Invalid withdrawal amount"', () => {
    expect(checkWithdrawalAmount('75.5')).toEqual({ amount: '75.50' });
    expect(checkWithdrawalAmount('0')).toEqual({ error: WithdrawMsg.invalidAmount });
    expect(checkWithdrawalAmount('-1')).toEqual({ error: WithdrawMsg.invalidAmount });
    expect(checkWithdrawalAmount('ten')).toEqual({ error: WithdrawMsg.invalidAmount });
  });

  it('names where each currency is paid', () => {
    expect(destinationLabel('BTC')).toBe('BTC wallet');
    expect(destinationLabel('USDT-TRON')).toBe('USDT-TRON wallet');
    expect(destinationLabel('USD')).toBe('bank account');
  });
});
