import { describe, expect, it } from 'vitest';
import { DepositMsg, WithdrawMsg } from '@contract/funds';
import { destinationKind, zDepositForm, zWithdrawForm } from './amounts';

/** What the amount field makes of a typed text: the wire's decimal, or the message the form shows. */
const amountOf = (schema: typeof zDepositForm | typeof zWithdrawForm, typed: string) => {
  const parsed = schema.shape.amount.safeParse(typed);
  return parsed.success ? { amount: parsed.data } : { errors: parsed.error.issues.map((i) => i.message) };
};

describe('the deposit form (spec §5 Deposit)', () => {
  it.each([
    ['100', '100.00'],
    ['0.01', '0.01'],
    ['1,250.5', '1250.50'],
    [' $20 ', '20.00'],
    ['100000000', '100000000.00'],
  ])('sends %j as the exact decimal %j', (typed, wire) => {
    expect(amountOf(zDepositForm, typed)).toEqual({ amount: wire });
  });

  it.each(['', '   ', 'abc', '0', '0.00', '-5', '1.234', '1e3', 'NaN', 'Infinity', '12abc', '100000000.01'])(
    'refuses %j with the spec message only',
    (typed) => {
      expect(amountOf(zDepositForm, typed)).toEqual({ errors: [DepositMsg.invalidAmount] });
    },
  );

  it('sends the amount and the chosen currency', () => {
    expect(zDepositForm.parse({ amount: '$25', currency: 'USDT-TRON' })).toEqual({
      amount: '25.00',
      currency: 'USDT-TRON',
    });
  });
});

describe('the withdrawal form (spec §5 Withdrawal)', () => {
  it('accepts a positive dollar amount and refuses the rest with "Invalid withdrawal amount"', () => {
    expect(amountOf(zWithdrawForm, '75.5')).toEqual({ amount: '75.50' });
    for (const typed of ['', '0', '-1', 'ten', '0.001'])
      expect(amountOf(zWithdrawForm, typed)).toEqual({ errors: [WithdrawMsg.invalidAmount] });
  });

  it('takes only the withdrawal currencies', () => {
    expect(zWithdrawForm.safeParse({ amount: '10', currency: 'USD' }).success).toBe(true);
    expect(zWithdrawForm.safeParse({ amount: '10', currency: 'LTC' }).error?.issues[0]?.message).toBe(
      WithdrawMsg.invalidCurrency,
    );
  });

  it('names where each currency is paid', () => {
    expect(destinationKind('BTC')).toBe('wallet');
    expect(destinationKind('USDT-TRON')).toBe('wallet');
    expect(destinationKind('USD')).toBe('bank');
  });
});
