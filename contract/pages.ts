/**
 * The pages the build pre-renders, in every language (web/vite.config.ts writes
 * prerenderedFile(language, path), and server/app.ts sends each for its own path only): the public site
 * and the sign-in pages, which a first visit lands on. main.tsx hydrates a page only under
 * the path it was pre-rendered for.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/about-us',
  '/purpose-values',
  '/investment-banking',
  '/invest',
  '/plans',
  '/faq',
  '/terms',
  '/contact-us',
  '/trade',
  '/markets',
  '/asset-management',
  '/proof-of-liabilities',
  '/login',
  '/register',
  '/forgot-password',
] as const;
export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/** The pre-rendered page of `pagePath` in `lng`, relative to the built web app. */
export const prerenderedFile = (lng: string, pagePath: PrerenderedPath): string =>
  `pages/${lng}/${pagePath === '/' ? 'index' : pagePath.slice(1)}.html`;
