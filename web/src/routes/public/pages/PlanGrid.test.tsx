import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { setI18n } from 'react-i18next';
import { plansKey, type Plan } from '../../../api/investments';
import { testI18n } from '../../../test/i18n';
import { testPlan } from '../../../test/plan';
import { PlanGrid } from './PlanGrid';

// English words, whatever test file ran in this worker before.
beforeAll(() => setI18n(testI18n));

function render(plans: Plan[], holidays: string[] = []): string {
  const client = new QueryClient();
  client.setQueryData(plansKey(false), { data: plans, holidays });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlanGrid />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Plans page grid', () => {
  it('shows a fixed payout plan that keeps the principal: the payout, the term, and the plain warning', () => {
    const html = render([
      testPlan({
        name: 'Monthly',
        payoutPeriod: 'monthly',
        duration: 6,
        interestRate: 0,
        fixedPayout: 20,
        capitalReturned: false,
        minimumInvestment: 100,
        maximumInvestment: 100,
      }),
    ]);
    expect(html).toContain('$20.00');
    expect(html).toContain('per payout');
    expect(html).toContain('Every month');
    expect(html).toContain('6 months');
    expect(html).toContain('+$120.00 over the term');
    expect(html).toContain('Your principal is not returned.');
    expect(html).toContain('For $100.00 you receive $120.00 in all');
    expect(html).toContain('Your principal is not returned</li>');
  });

  it('says a working-days plan pays on working days, and its compounding range', () => {
    const html = render(
      [testPlan({ workingDaysOnly: true, duration: 20, compounding: { min: 5, max: 25 } })],
      ['2031-12-25'],
    );
    expect(html).toContain('Every day, working days only');
    expect(html).toContain('20 working days');
    expect(html).toContain('You may reinvest 5–25% of each payout');
  });
});
