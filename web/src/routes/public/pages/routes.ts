import type { RouteObject } from 'react-router';
import { numbersFirst } from '../../../lib/format';

/**
 * The marketing pages built in this folder, each its own lazy chunk so the Home page's
 * bundle stays small. Spread into the public layout's children in router.tsx.
 */
export const publicPageRoutes: RouteObject[] = [
  { path: 'plans', lazy: numbersFirst(async () => ({ Component: (await import('./Plans')).Plans })) },
  { path: 'faq', lazy: async () => ({ Component: (await import('./faq/Faq')).Faq }) },
  { path: 'contact-us', lazy: async () => ({ Component: (await import('./Contact')).Contact }) },
  { path: 'about-us', lazy: async () => ({ Component: (await import('./About')).About }) },
  { path: 'purpose-values', lazy: async () => ({ Component: (await import('./PurposeValues')).PurposeValues }) },
  {
    path: 'investment-banking',
    lazy: async () => ({ Component: (await import('./InvestmentBanking')).InvestmentBanking }),
  },
  { path: 'terms', lazy: async () => ({ Component: (await import('./Terms')).Terms }) },
  { path: 'trade', lazy: async () => ({ Component: (await import('./Trade')).Trade }) },
  { path: 'invest', lazy: numbersFirst(async () => ({ Component: (await import('./Invest')).Invest })) },
  {
    path: 'proof-of-liabilities',
    lazy: numbersFirst(async () => ({ Component: (await import('./ProofOfLiabilities')).ProofOfLiabilities })),
  },
];
