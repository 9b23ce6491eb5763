import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { routeCode } from './prefetch';

// Each its own function: the test tells them apart by identity.
const load = () => async () => ({ Component: () => null });
const area = load();
const dashboard = load();
const plans = load();
const routes: RouteObject[] = [
  {
    children: [
      { index: true, element: null },
      { path: 'plans', lazy: plans },
      {
        path: 'app',
        children: [{ lazy: area, children: [{ path: ':userName/dashboard', lazy: dashboard }] }],
      },
      { path: '*', element: null },
    ],
  },
];
const origin = 'https://minevest.example';
const code = (href: string) => routeCode(routes, new URL(href, origin), origin);

describe("a link's page code", () => {
  it('is every lazy route on the way to the page, outermost first', () => {
    expect(code('/app/alice/dashboard')).toEqual([area, dashboard]);
    expect(code('/plans?tab=1#top')).toEqual([plans]);
  });

  it('is nothing for a page drawn without lazy code, an unknown path or another site', () => {
    expect(code('/')).toEqual([]);
    expect(code('/no/such/page')).toEqual([]);
    expect(code('https://elsewhere.example/plans')).toEqual([]);
  });
});
