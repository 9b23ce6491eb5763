import '../../../test/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanMsg } from '@contract/plans';
import { testPlan } from '../../../test/plan';
import { usePlanForm } from './PlanFormModal';
import { mount, network } from '../../../test/formHook';

const plan = testPlan({
  id: 7,
  name: 'Gold',
  description: 'Ten days.',
  interestRate: 12.5,
  maximumInvestment: 5000.5,
  color: 'gold',
});

/** The body the form sends for `plan` unchanged: every option explicit. */
const goldBody = {
  name: 'Gold',
  description: 'Ten days.',
  payoutPeriod: 'daily',
  openEnded: false,
  duration: '10',
  interestRate: '12.5',
  capitalReturned: true,
  compounding: null,
  workingDaysOnly: false,
  maxActivePerUser: null,
  minimumInvestment: '100.00',
  maximumInvestment: '5000.50',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('plan form', () => {
  it('names each empty field and sends nothing', async () => {
    const { requests } = network({});
    const f = mount(() => usePlanForm(null, () => {}));
    f.form.setValue('name', '   ');
    await f.submit();
    expect(f.form.getFieldState('name').error?.message).toBe('Name is required');
    expect(f.form.getFieldState('description').error?.message).toBe('Description is required');
    expect(f.form.getFieldState('duration').error?.message).toBe(PlanMsg.durationRequired);
    expect(f.form.getFieldState('interestRate').error?.message).toBe(PlanMsg.rateRequired);
    expect(f.form.getFieldState('minimumInvestment').error?.message).toBe('Minimum Investment is required');
    expect(f.form.getFieldState('maximumInvestment').error?.message).toBe('Maximum Investment is required');
    expect(f.mutations()).toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it('refuses a minimum above the maximum with the server message and sends nothing', async () => {
    const { requests } = network({});
    const f = mount(() => usePlanForm(plan, () => {}));
    f.form.setValue('minimumInvestment', '6000');
    await f.submit();
    expect(f.form.getFieldState('maximumInvestment').error?.message).toBe(PlanMsg.minMax);
    expect(f.form.getFieldState('minimumInvestment').error?.message).toBeUndefined();
    expect(f.mutations()).toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it("applies the contract's rules to the typed text: payouts, rate and amount formats", async () => {
    network({});
    const f = mount(() => usePlanForm(plan, () => {}));
    f.form.setValue('duration', '2.5');
    f.form.setValue('interestRate', '0');
    f.form.setValue('minimumInvestment', '10.005');
    await f.submit();
    expect(f.form.getFieldState('duration').error?.message).toBe(PlanMsg.duration);
    expect(f.form.getFieldState('interestRate').error?.message).toBe(PlanMsg.rate);
    expect(f.form.getFieldState('minimumInvestment').error?.message).toBe(
      'Amount must be a decimal number with at most 2 decimals',
    );
    expect(f.mutations()).toHaveLength(0);
  });

  it('puts the option rules on their fields: fixed payout on a range, compounding order, exit fee', async () => {
    network({});
    const f = mount(() => usePlanForm(plan, () => {}));
    f.form.setValue('payout', 'fixed');
    f.form.setValue('fixedPayout', '5');
    f.form.setValue('compounds', true);
    f.form.setValue('compoundMin', '60');
    f.form.setValue('compoundMax', '50');
    await f.submit();
    expect(f.form.getFieldState('fixedPayout').error?.message).toBe(PlanMsg.fixedPayoutRange);
    expect(f.form.getFieldState('compoundMax').error?.message).toBe(PlanMsg.compoundingOrder);
    f.form.setValue('payout', 'rate');
    f.form.setValue('compounds', false);
    f.form.setValue('term', 'open');
    f.form.setValue('earlyExitFee', '1.234');
    await f.submit();
    expect(f.form.getFieldState('earlyExitFee').error?.message).toBe(PlanMsg.exitFee);
    expect(f.mutations()).toHaveLength(0);
  });

  it('sends an edited plan as typed, every option explicit, to its own address', async () => {
    const { requests, sent } = network({ message: PlanMsg.updated, data: plan });
    const f = mount(() => usePlanForm(plan, () => {}));
    f.form.setValue('interestRate', '15');
    await f.submit();
    await sent;
    expect(requests).toEqual([{ url: '/api/plans/7', method: 'PUT', body: { ...goldBody, interestRate: '15' } }]);
  });

  it('sends a weekly open-ended compounding plan with its lock and fee, and no duration', async () => {
    const { requests, sent } = network({ message: PlanMsg.created, data: plan });
    const f = mount(() => usePlanForm(null, () => {}));
    const typed = {
      name: 'Weekly',
      description: 'Open.',
      minimumInvestment: '100',
      maximumInvestment: '1000',
      payoutPeriod: 'weekly',
      term: 'open',
      interestRate: '1.5',
      compounds: true,
      compoundMin: '0',
      compoundMax: '50',
      minLockPeriods: '4',
      earlyExitFee: '2',
      maxActivePerUser: '3',
    } as const;
    for (const [k, v] of Object.entries(typed)) f.form.setValue(k as keyof typeof typed, v);
    await f.submit();
    await sent;
    expect(requests[0]).toEqual({
      url: '/api/plans',
      method: 'POST',
      body: {
        name: 'Weekly',
        description: 'Open.',
        payoutPeriod: 'weekly',
        openEnded: true,
        duration: null,
        interestRate: '1.5',
        capitalReturned: true,
        compounding: { min: '0', max: '50' },
        workingDaysOnly: false,
        minLockPeriods: '4',
        earlyExitFee: '2',
        maxActivePerUser: '3',
        minimumInvestment: '100',
        maximumInvestment: '1000',
      },
    });
  });

  it('sends a fixed-payout plan without a rate', async () => {
    const { requests, sent } = network({ message: PlanMsg.updated, data: plan });
    const f = mount(() => usePlanForm(plan, () => {}));
    f.form.setValue('maximumInvestment', '100');
    f.form.setValue('payout', 'fixed');
    f.form.setValue('fixedPayout', '2.50');
    f.form.setValue('capitalReturned', false);
    await f.submit();
    await sent;
    const { interestRate: _, ...rest } = goldBody;
    expect(requests[0]!.body).toEqual({
      ...rest,
      maximumInvestment: '100',
      fixedPayout: '2.50',
      capitalReturned: false,
    });
  });

  it('starts an edit from the plan, amounts with two decimals', () => {
    const f = mount(() =>
      usePlanForm(testPlan({ ...plan, openEnded: true, duration: null, earlyExitFee: 2.5 }), () => {}),
    );
    expect(f.form.getValues()).toMatchObject({
      name: 'Gold',
      term: 'open',
      duration: '',
      interestRate: '12.5',
      earlyExitFee: '2.5',
      minimumInvestment: '100.00',
      maximumInvestment: '5000.50',
    });
  });
});
