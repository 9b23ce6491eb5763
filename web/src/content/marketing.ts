import type { ParseKeys } from 'i18next';

/**
 * The structure of the public site's marketing content (spec §1): which texts and figures
 * appear, in what order, with which links and icons. This file holds Home's (hero, highlights,
 * features, closing call to action, testimonials) and the figures every page shares;
 * marketingPages.ts holds the other public pages' (FAQ, Terms, Plans, Contact, About, Purpose &
 * values, Investment banking, Trade, Invest, the pages' titles and descriptions).
 *
 * The words themselves are in the catalogues, one file per language: Home's, the testimonials
 * and the figures ('99.9%', '160+') in the `marketing` catalogues (locales/en/marketing.json,
 * the source, and locales/es/, locales/pt-BR/, locales/ru/marketing.json), the other pages' in
 * the `marketingPages` catalogues (locales/<language>/marketingPages.json); the split keeps
 * Home's first download to the words it shows. An operator edits the copy there, in every
 * language: the same key in each file, its text in that language (a figure written as that
 * language writes it: "99,9 %"). `{{name}}` placeholders are filled in by the page (a figure,
 * the risk disclosure) and stay as they are. Here each text is named by its key; a new text
 * needs a key here and in all four files of its catalogue (`npx vitest run scripts/i18n`
 * checks that). Service facts (activation in 24-48 hours, crypto withdrawals within 24 hours,
 * bank transfers in 3-5 business days, the minimum age of 18) are written out in several
 * texts of the `marketingPages` catalogues, and the crypto withdrawal time is also Home's
 * figure `figures.cryptoWithdrawalTime` here in `marketing`: when one changes, change every
 * text that states it, in both catalogues and every language.
 *
 * Figures here are static marketing claims, never live data: anything computed (plans,
 * prices, balances) comes from the API. Wording rules, in every language: no promise of
 * guaranteed profit, and never a fee asked before a withdrawal is paid. The risk wording
 * itself is shared by the whole platform: `risk.notice`, `risk.disclosure` and
 * `risk.readDisclosure` in the `common` catalogues.
 */

/** A key of the `marketing` catalogue. */
export type MarketingKey = ParseKeys<'marketing'>;

/** A link-button: its label's key (of the `marketing` catalogue unless `Key` says another) and where it goes. */
export interface Cta<Key extends string = MarketingKey> {
  label: Key;
  to: string;
}

/** A figure and its label: always of the `marketing` catalogue, whichever page shows it. */
export interface Figure {
  value: MarketingKey;
  label: MarketingKey;
}

/** A title and its text, keys of the `marketing` catalogue unless `Key` says another. */
export interface TextBlock<Key extends string = MarketingKey> {
  title: Key;
  text: Key;
}

// ---------------------------------------------------------------------------
// Risk wording: shown wherever returns are advertised.
// ---------------------------------------------------------------------------

/** Where the risk notices link to: the risk section of the terms. */
export const RISK_LINK = '/terms#risk-disclosure';

// ---------------------------------------------------------------------------
// Spec §1 claims.
// ---------------------------------------------------------------------------

/** The marketing figures of spec §1, static by design. */
export const claims = {
  /** Not shown next to the live plans: a plan's own rate is what an investor gets offered. */
  targetMonthlyReturn: 'figures.targetMonthlyReturn',
  rigUptime: 'figures.rigUptime',
  coinsMined: 'figures.coinsMined',
  averageReturn: 'figures.averageReturn',
  platformUptime: 'figures.platformUptime',
  countries: 'figures.countries',
  cryptoWithdrawalTime: 'figures.cryptoWithdrawalTime',
} as const satisfies Record<string, MarketingKey>;

// ---------------------------------------------------------------------------
// Home.
// ---------------------------------------------------------------------------

export const hero = {
  eyebrow: 'home.hero.eyebrow',
  title: 'home.hero.title',
  lead: 'home.hero.lead',
  primaryCta: { label: 'home.hero.primaryCta', to: '/register' },
  secondaryCta: { label: 'home.hero.secondaryCta', to: '/about-us' },
} as const satisfies Record<string, MarketingKey | Cta>;

export const highlights: Figure[] = [
  { value: claims.rigUptime, label: 'figureLabels.rigUptime' },
  { value: claims.coinsMined, label: 'figureLabels.coinsMined' },
  { value: claims.countries, label: 'figureLabels.countriesServed' },
  { value: claims.cryptoWithdrawalTime, label: 'figureLabels.cryptoWithdrawals' },
];

export const features = [
  { icon: 'mining', title: 'home.features.mining.title', text: 'home.features.mining.text' },
  { icon: 'plans', title: 'home.features.plans.title', text: 'home.features.plans.text' },
  { icon: 'security', title: 'home.features.security.title', text: 'home.features.security.text' },
] as const satisfies (TextBlock & { icon: string })[];

export type FeatureIcon = (typeof features)[number]['icon'];

export const closingCta = {
  title: 'home.closingCta.title',
  text: 'home.closingCta.text',
} as const satisfies TextBlock;

export interface Testimonial {
  /** The person's name, as they wrote it: the same in every language. */
  name: string;
  role: MarketingKey;
  quote: MarketingKey;
  /** Two letters drawn as the avatar: no photo needed offline. */
  initials: string;
}

export const testimonials: Testimonial[] = [
  { name: 'Amara O.', initials: 'AO', role: 'testimonials.amara.role', quote: 'testimonials.amara.quote' },
  { name: 'Lukas W.', initials: 'LW', role: 'testimonials.lukas.role', quote: 'testimonials.lukas.quote' },
  { name: 'Priya S.', initials: 'PS', role: 'testimonials.priya.role', quote: 'testimonials.priya.quote' },
  { name: 'Daniel M.', initials: 'DM', role: 'testimonials.daniel.role', quote: 'testimonials.daniel.quote' },
  { name: 'Sofia R.', initials: 'SR', role: 'testimonials.sofia.role', quote: 'testimonials.sofia.quote' },
  { name: 'Kwame A.', initials: 'KA', role: 'testimonials.kwame.role', quote: 'testimonials.kwame.quote' },
];
