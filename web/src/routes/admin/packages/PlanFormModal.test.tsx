import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanMsg } from '@contract/plans';
import type { Plan } from '../../../api/investments';
import { usePlanForm } from './PlanFormModal';
import { mount, network } from '../../../test/formHook';

const plan: Plan = {
  id: 7,
  name: 'Gold',
  description: 'Ten days.',
  duration: 10,
  interestRate: 12.5,
  minimumInvestment: 100,
  maximumInvestment: 5000.5,
  benefits: [],
  bestFor: '',
  color: 'gold',
  activeSubscribers: 0,
  archived: false,
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
    expect(f.form.getFieldState('duration').error?.message).toBe('Duration (days) is required');
    expect(f.form.getFieldState('interestRate').error?.message).toBe('Interest Rate (%) is required');
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

  it("applies the contract's rules to the typed text: days, rate and amount formats", async () => {
    network({});
    const f = mount(() => usePlanForm(plan, () => {}));
    f.form.setValue('duration', '2.5');
    f.form.setValue('interestRate', '0');
    f.form.setValue('minimumInvestment', '10.005');
    await f.submit();
    expect(f.form.getFieldState('duration').error?.message).toBe('Duration must be a whole number of days');
    expect(f.form.getFieldState('interestRate').error?.message).toBe(
      'Interest rate must be a positive percentage with at most 2 decimals (up to 1000)',
    );
    expect(f.form.getFieldState('minimumInvestment').error?.message).toBe(
      'Amount must be a decimal number with at most 2 decimals',
    );
    expect(f.mutations()).toHaveLength(0);
  });

  it('sends an edited plan as typed, to its own address', async () => {
    const { requests, sent } = network({ message: PlanMsg.updated, data: plan });
    const f = mount(() => usePlanForm(plan, () => {}));
    f.form.setValue('interestRate', '15');
    await f.submit();
    await sent;
    expect(requests).toEqual([
      {
        url: '/api/plans/7',
        method: 'PUT',
        body: {
          name: 'Gold',
          description: 'Ten days.',
          duration: '10',
          interestRate: '15',
          minimumInvestment: '100.00',
          maximumInvestment: '5000.50',
        },
      },
    ]);
  });

  it('starts an edit from the plan, amounts with two decimals', () => {
    const f = mount(() => usePlanForm(plan, () => {}));
    expect(f.form.getValues()).toEqual({
      name: 'Gold',
      description: 'Ten days.',
      duration: '10',
      interestRate: '12.5',
      minimumInvestment: '100.00',
      maximumInvestment: '5000.50',
    });
  });
});
