/**
 * The web's catalogues (locales/<language>/<namespace>.json). A screen area draws from its own
 * namespace plus `common` (the shell every page shows, and what public pages share); `ui` holds
 * the shared components of the signed-in areas; `messages` the server's and the forms' messages.
 * The public site's words are split so Home's first visit downloads only what Home draws:
 * `public` (its frame, Home, and what both use) and `marketing` (Home's copy and the shared
 * figures) on one side, `publicPages` and `marketingPages` (the other public pages) on the other.
 */
export const NAMESPACES = [
  'common',
  'ui',
  'public',
  'publicPages',
  'marketing',
  'marketingPages',
  'auth',
  'messages',
  'app',
  'account',
  'adminMoney',
  'admin',
  'adminEmails',
  'proof',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const PROOF_PATHS = /^(\/app\/[^/]+)?\/proof-of-liabilities\/?$/;
const AUTH_PATHS = /^\/(login|register|forgot-password|reset-password|verify|auth)(\/|$)/;
/** Public pages that draw a form: its fields write their messages from `messages` (FormField). */
const FORM_PATHS = /^\/contact-us\/?$/;

/**
 * The namespaces the first screen at `path` draws from, loaded before it renders so it paints
 * in its language at once; any other loads when a screen that uses it first draws.
 */
export function namespacesFor(path: string): Namespace[] {
  if (path.startsWith('/app/admin')) {
    const emails: Namespace[] = path.startsWith('/app/admin/email-templates') ? ['adminEmails'] : [];
    return ['ui', 'admin', 'adminMoney', 'messages', ...emails];
  }
  // The proof of liabilities pages (public and the investor's) draw from their own words.
  const proof: Namespace[] = PROOF_PATHS.test(path) ? ['proof'] : [];
  if (path === '/app' || path.startsWith('/app/')) return ['ui', 'app', 'account', 'messages', ...proof];
  // The sign-in pages stand in the public site's frame (its header and footer).
  if (AUTH_PATHS.test(path)) return ['public', 'auth', 'messages'];
  // Home (pre-rendered, the most visited) loads only its own words; another public page its too.
  if (path === '/') return ['public', 'marketing'];
  const form: Namespace[] = FORM_PATHS.test(path) ? ['messages'] : [];
  return ['public', 'marketing', 'publicPages', 'marketingPages', ...proof, ...form];
}
