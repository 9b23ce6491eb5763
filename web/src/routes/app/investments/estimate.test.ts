import { describe, expect, it } from 'vitest';
import { InvestMsg } from '@contract/investments';
import type { Plan } from '@contract/plans';
import { ReturnMsg } from '@contract/returns';
import { estimate, investSchema } from './InvestForm';

const plan = (interestRate: number, duration: number): Plan => ({
  id: 1,
  name: 'Test',
  description: '',
  duration,
  interestRate,
  minimumInvestment: 100,
  maximumInvestment: 5000,
  benefits: [],
  bestFor: '',
  color: 'blue',
  activeSubscribers: 0,
  archived: false,
});

describe('estimate (spec §5 Estimated return)', () => {
  it('adds amount × rate / 100 to the amount, to the cent', () => {
    expect(estimate('500', plan(10, 10))).toEqual({ value: '550.00' });
    expect(estimate('1234.56', plan(12.5, 30))).toEqual({ value: '1,388.88' });
    expect(estimate('99999', plan(27, 90))).toEqual({ value: '126,998.73' });
  });

  it('asks for both amount and plan', () => {
    expect(estimate('', plan(10, 10))).toEqual({ message: ReturnMsg.required });
    expect(estimate('100', undefined)).toEqual({ message: ReturnMsg.required });
  });

  it('rejects a broken amount or plan with the spec messages', () => {
    expect(estimate('abc', plan(10, 10))).toEqual({ message: InvestMsg.invalid });
    expect(estimate('0', plan(10, 10))).toEqual({ message: InvestMsg.invalid });
    expect(estimate('10.001', plan(10, 10))).toEqual({ message: InvestMsg.invalid });
    expect(estimate('100', plan(10, 0))).toEqual({ message: ReturnMsg.invalidPlan });
    expect(estimate('100', plan(0, 10))).toEqual({ message: ReturnMsg.invalidPlan });
  });
});

describe('the invest form', () => {
  const plans = [plan(10, 10), { ...plan(0, 10), id: 2 }];

  it('sends the chosen plan and the typed amount as the exact decimal', () => {
    expect(investSchema(plans).parse({ planId: '1', amount: '1234.5' })).toEqual({ planId: 1, amount: '1234.50' });
  });

  it('puts the spec message on the amount when no estimate can be shown', () => {
    for (const values of [
      { planId: '', amount: '100' },
      { planId: '1', amount: '' },
      { planId: '1', amount: '10.001' },
      { planId: '2', amount: '100' },
      { planId: '3', amount: '100' },
    ]) {
      const issues = investSchema(plans).safeParse(values).error?.issues;
      expect(issues?.map((i) => [i.path, i.message])).toEqual([[['amount'], InvestMsg.invalid]]);
    }
  });
});
