import { describe, expect, it } from 'vitest';
import { InvestMsg } from '@contract/investments';
import { planTerms } from '@contract/plan-terms';
import { ReturnMsg } from '@contract/returns';
import { estimate as schedule } from '@contract/schedule';
import { testPlan } from '../../../test/plan';
import { compoundMessage, estimate, investSchema } from './InvestForm';

const plan = (interestRate: number, duration: number | null) => testPlan({ interestRate, duration });
const now = new Date('2031-03-03T10:00:00Z'); // a Monday

describe('estimate (the schedule of the plan for the typed amount)', () => {
  it("is what the investor receives: today's plan adds amount × rate / 100 to the amount, to the cent", () => {
    expect(estimate('500', plan(10, 10)).value).toBe('$550.00');
    expect(estimate('1234.56', plan(12.5, 30)).value).toBe('$1,388.88');
    expect(estimate('99999', plan(27, 90)).value).toBe('$126,998.73');
  });

  it('counts a plan that keeps the principal as the payouts only', () => {
    const r = estimate('1000', testPlan({ interestRate: 30, capitalReturned: false }));
    expect(r.value).toBe('$300.00');
    expect(r.offer!.estimate.profit).toBe(-70_000n);
  });

  it('compounds the share the investor picked, and skips holidays for a working-days plan', () => {
    const open = testPlan({ openEnded: true, duration: null, interestRate: 1, compounding: { min: 0, max: 100 } });
    expect(estimate('1000', open, { now }).offer!.estimate.returns).toBe(12_000n);
    // Compounded: the schedule's own figure, more than without.
    const compounded = estimate('1000', open, { now, compoundPercent: 100 }).offer!.estimate;
    expect(compounded).toEqual(schedule(planTerms(open), now, 100_000n, 100, new Set(), 12));
    expect(compounded.returns).toBeGreaterThan(12_000n);
    const working = testPlan({ duration: 3, workingDaysOnly: true });
    const end = (holidays: string[]) => estimate('100', working, { now, holidays }).offer!.estimate.endsAt;
    expect(end([])).toEqual(new Date('2031-03-06T10:00:00Z'));
    expect(end(['2031-03-05'])).toEqual(new Date('2031-03-07T10:00:00Z'));
  });

  it('asks for both amount and plan', () => {
    expect(estimate('', plan(10, 10))).toEqual({ message: ReturnMsg.required });
    expect(estimate('100', undefined)).toEqual({ message: ReturnMsg.required });
  });

  it('rejects a broken amount or plan with the spec messages', () => {
    expect(estimate('abc', plan(10, 10))).toEqual({ message: InvestMsg.invalid });
    expect(estimate('0', plan(10, 10))).toEqual({ message: InvestMsg.invalid });
    expect(estimate('10.001', plan(10, 10))).toEqual({ message: InvestMsg.invalid });
    expect(estimate('100', plan(10, null))).toEqual({ message: ReturnMsg.invalidPlan });
    expect(estimate('100', plan(0, 10))).toEqual({ message: ReturnMsg.invalidPlan });
  });
});

describe('the invest form', () => {
  const compounding = testPlan({ id: 3, compounding: { min: 10, max: 50 } });
  const plans = [plan(10, 10), { ...plan(0, 10), id: 2 }, compounding];

  it('sends the chosen plan and the typed amount as the exact decimal', () => {
    expect(investSchema(plans).parse({ planId: '1', amount: '1234.5', compoundPercent: '' })).toEqual({
      planId: 1,
      amount: '1234.50',
    });
  });

  it("sends the compounding share for a plan that compounds: the plan's lowest when left blank", () => {
    const parse = (compoundPercent: string) =>
      investSchema(plans).safeParse({ planId: '3', amount: '100', compoundPercent });
    expect(parse('').data).toEqual({ planId: 3, amount: '100.00', compoundPercent: 10 });
    expect(parse('25').data).toEqual({ planId: 3, amount: '100.00', compoundPercent: 25 });
    for (const bad of ['5', '51', '12.5', 'x'])
      expect(parse(bad).error?.issues.map((i) => [i.path, i.message])).toEqual([
        [['compoundPercent'], compoundMessage(compounding)],
      ]);
  });

  it('puts the spec message on the amount when no estimate can be shown', () => {
    for (const values of [
      { planId: '', amount: '100' },
      { planId: '1', amount: '' },
      { planId: '1', amount: '10.001' },
      { planId: '2', amount: '100' },
      { planId: '4', amount: '100' },
    ]) {
      const issues = investSchema(plans).safeParse({ ...values, compoundPercent: '' }).error?.issues;
      expect(issues?.map((i) => [i.path, i.message])).toEqual([[['amount'], InvestMsg.invalid]]);
    }
  });
});
