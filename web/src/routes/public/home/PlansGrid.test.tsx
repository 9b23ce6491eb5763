import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { setI18n } from 'react-i18next';
import { plansKey, type Plan } from '../../../api/investments';
import { testI18n } from '../../../test/i18n';
import { testPlan } from '../../../test/plan';
import { PlansGrid } from './PlansGrid';

// English words, whatever test file ran in this worker before.
beforeAll(() => setI18n(testI18n));

const plan = (id: number, name: string, maximumInvestment = 4999, over: Partial<Plan> = {}): Plan =>
  testPlan({
    id,
    name,
    description: `${name} plan`,
    duration: 30 * id,
    interestRate: 5 * id,
    minimumInvestment: 100 * id,
    maximumInvestment,
    ...over,
  });

function render(plans: Plan[]): string {
  const client = new QueryClient();
  client.setQueryData(plansKey(false), { data: plans, holidays: [] });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlansGrid />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The markup of each plan card, in order. */
const cards = (html: string) => html.split('data-testid="plan-card"').slice(1);

describe('Home plans grid', () => {
  it('badges only the second plan Most Popular', () => {
    const html = render([plan(1, 'Starter'), plan(2, 'Growth'), plan(3, 'Premium')]);
    const [first, second, third] = cards(html);
    expect(cards(html)).toHaveLength(3);
    expect(first).not.toContain('Most Popular');
    expect(second).toContain('Most Popular');
    expect(third).not.toContain('Most Popular');
  });

  it('shows name, minimum, maximum, duration, rate and Get Started to /register', () => {
    const [card] = cards(render([plan(1, 'Starter')]));
    expect(card).toContain('Starter');
    expect(card).toContain('$100.00');
    expect(card).toContain('$4,999.00');
    expect(card).toContain('30 days');
    expect(card).toContain('5%');
    expect(card).toContain('href="/register"');
  });

  it("shows each plan's terms from the schedule: period, term, return on the minimum, principal, annual rate", () => {
    const [card] = cards(render([plan(1, 'Starter')]));
    expect(card).toContain('Every day');
    expect(card).toContain('+$5.00 over the term');
    expect(card).toContain('Returned at the end of the term');
    expect(card).toContain('$105.00 in all');
    // 5% over 30 days, simple: 5 × 365 / 30 = 60.83% a year.
    expect(card).toContain('60.83% a year');
    expect(card).not.toContain('Your principal is not returned');
  });

  it('says plainly when the principal is not returned, with what the investor receives', () => {
    const [card] = cards(
      render([
        plan(1, 'Keeper', 100, { payoutPeriod: 'weekly', duration: 4, interestRate: 20, capitalReturned: false }),
      ]),
    );
    expect(card).toContain('Every week');
    expect(card).toContain('4 weeks');
    expect(card).toContain('Your principal is not returned.');
    expect(card).toContain('For $100.00 you receive $20.00 in all');
  });

  it('describes an open-ended plan: no end date, lock and exit fee', () => {
    const [card] = cards(
      render([
        plan(1, 'Open', 1000, { openEnded: true, duration: null, interestRate: 1, minLockPeriods: 4, earlyExitFee: 2 }),
      ]),
    );
    expect(card).toContain('No end date: runs until you end it');
    expect(card).toContain('You can end it after 4 payouts; a fee of 2% of the principal');
    expect(card).toContain('+$12.00 over the first 12 payouts');
  });

  it('says Unlimited without a maximum, and keeps the risk note next to the rates', () => {
    const html = render([plan(1, 'Open', 0)]);
    expect(html).toContain('Unlimited');
    expect(html).toContain('returns are not guaranteed');
    // The link's words are inside it (a sentence with a link is one message).
    expect(html).toMatch(/href="\/terms#risk-disclosure"[^>]*>Read the Terms<\/a>\./);
  });

  it('has an empty state', () => {
    expect(render([])).toContain('No plans are open for investment right now');
  });
});
