import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { plansKey, type Plan } from '../../../api/investments';
import { PlansGrid } from './PlansGrid';

const plan = (id: number, name: string, maximumInvestment = 4999): Plan => ({
  id,
  name,
  description: `${name} plan`,
  duration: 30 * id,
  interestRate: 5 * id,
  minimumInvestment: 100 * id,
  maximumInvestment,
  benefits: [],
  bestFor: '',
  color: 'blue',
  activeSubscribers: 0,
  archived: false,
});

function render(plans: Plan[]): string {
  const client = new QueryClient();
  client.setQueryData(plansKey(false), { data: plans });
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

  it('says Unlimited without a maximum, and keeps the risk note next to the rates', () => {
    const html = render([plan(1, 'Open', 0)]);
    expect(html).toContain('Unlimited');
    expect(html).toContain('returns are not guaranteed');
  });

  it('has an empty state', () => {
    expect(render([])).toContain('No plans are open for investment right now');
  });
});
