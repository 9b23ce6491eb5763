import type { ParseKeys } from 'i18next';
import { claims, type Cta, type Figure, type TextBlock } from './marketing';

/**
 * The structure of the public pages other than Home (spec §1, §2): FAQ, Terms, Plans, Contact,
 * About, Purpose & values, Investment banking, Trade and Invest, and every page's title and
 * description. Their words are in the `marketingPages` catalogues, one file per language:
 * locales/en/marketingPages.json (the source), locales/es/marketingPages.json,
 * locales/pt-BR/marketingPages.json and locales/ru/marketingPages.json; the figures they show
 * ('99.9%', '160+') are Home's too, in the `marketing` catalogues. Home's own copy (hero,
 * features, testimonials) is structured in marketing.ts, whose comment tells how the copy is
 * edited and the wording rules: they apply here the same, in every language.
 */

/** A key of the `marketingPages` catalogue. */
export type MarketingPagesKey = ParseKeys<'marketingPages'>;

type PageTextBlock = TextBlock<MarketingPagesKey>;
type PageCta = Cta<MarketingPagesKey>;

// ---------------------------------------------------------------------------
// Track record (Trade and Invest pages).
// ---------------------------------------------------------------------------

/** Track-record figures; always shown with the risk notice (past results, not a promise). */
export const performance: Figure[] = [
  { value: claims.averageReturn, label: 'figureLabels.averageReturn' },
  { value: claims.coinsMined, label: 'figureLabels.coinsMined' },
  { value: claims.platformUptime, label: 'figureLabels.platformUptime' },
  { value: claims.countries, label: 'figureLabels.countries' },
];

// ---------------------------------------------------------------------------
// FAQ.
// ---------------------------------------------------------------------------

export const FAQ_CATEGORIES = ['General', 'Account', 'Deposits'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** Each category's name as the page shows it. */
export const FAQ_CATEGORY_LABEL = {
  General: 'faq.categories.general',
  Account: 'faq.categories.account',
  Deposits: 'faq.categories.deposits',
} as const satisfies Record<FaqCategory, MarketingPagesKey>;

export interface FaqItem {
  question: MarketingPagesKey;
  answer: MarketingPagesKey;
}

/**
 * Answers may hold `{{disclosure}}`: the page fills in `common:risk.disclosure`, the
 * platform's one wording of the risk.
 */
export const faq: Record<FaqCategory, FaqItem[]> = {
  General: [
    { question: 'faq.general.whatWeDo.question', answer: 'faq.general.whatWeDo.answer' },
    { question: 'faq.general.guaranteed.question', answer: 'faq.general.guaranteed.answer' },
    { question: 'faq.general.withdrawProfits.question', answer: 'faq.general.withdrawProfits.answer' },
    { question: 'faq.general.feeBeforeWithdrawal.question', answer: 'faq.general.feeBeforeWithdrawal.answer' },
    { question: 'faq.general.checkReturns.question', answer: 'faq.general.checkReturns.answer' },
  ],
  Account: [
    { question: 'faq.account.open.question', answer: 'faq.account.open.answer' },
    { question: 'faq.account.who.question', answer: 'faq.account.who.answer' },
    { question: 'faq.account.protection.question', answer: 'faq.account.protection.answer' },
    { question: 'faq.account.forgotPassword.question', answer: 'faq.account.forgotPassword.answer' },
  ],
  Deposits: [
    { question: 'faq.deposits.how.question', answer: 'faq.deposits.how.answer' },
    { question: 'faq.deposits.minimum.question', answer: 'faq.deposits.minimum.answer' },
    { question: 'faq.deposits.howLong.question', answer: 'faq.deposits.howLong.answer' },
    { question: 'faq.deposits.principalEarly.question', answer: 'faq.deposits.principalEarly.answer' },
  ],
};

// ---------------------------------------------------------------------------
// Terms (spec §2: 9 sections, last updated April 2024).
// ---------------------------------------------------------------------------

export interface TermsSection {
  /** Anchor id, e.g. /terms#risk-disclosure: the same in every language. */
  id: string;
  title: MarketingPagesKey;
  paragraphs: MarketingPagesKey[];
}

/** The date the terms were last changed, as each language writes it. */
export const termsLastUpdated = 'terms.lastUpdated' satisfies MarketingPagesKey;

export const terms: TermsSection[] = [
  { id: 'agreement', title: 'terms.agreement.title', paragraphs: ['terms.agreement.p1', 'terms.agreement.p2'] },
  {
    id: 'service-description',
    title: 'terms.serviceDescription.title',
    paragraphs: ['terms.serviceDescription.p1', 'terms.serviceDescription.p2'],
  },
  {
    id: 'risk-disclosure',
    title: 'terms.riskDisclosure.title',
    paragraphs: ['terms.riskDisclosure.p1', 'terms.riskDisclosure.p2', 'terms.riskDisclosure.p3'],
  },
  {
    id: 'user-obligations',
    title: 'terms.userObligations.title',
    paragraphs: ['terms.userObligations.p1', 'terms.userObligations.p2'],
  },
  {
    id: 'account-security',
    title: 'terms.accountSecurity.title',
    paragraphs: ['terms.accountSecurity.p1', 'terms.accountSecurity.p2'],
  },
  {
    id: 'investment-terms',
    title: 'terms.investmentTerms.title',
    paragraphs: ['terms.investmentTerms.p1', 'terms.investmentTerms.p2'],
  },
  {
    id: 'limitation-of-liability',
    title: 'terms.limitationOfLiability.title',
    paragraphs: ['terms.limitationOfLiability.p1', 'terms.limitationOfLiability.p2'],
  },
  { id: 'modifications', title: 'terms.modifications.title', paragraphs: ['terms.modifications.p1'] },
  { id: 'governing-law', title: 'terms.governingLaw.title', paragraphs: ['terms.governingLaw.p1'] },
];

// ---------------------------------------------------------------------------
// Page titles and meta descriptions of the public pages.
// ---------------------------------------------------------------------------

export interface PageMeta {
  title: MarketingPagesKey;
  description: MarketingPagesKey;
}

export const pageMeta = {
  plans: { title: 'meta.plans.title', description: 'meta.plans.description' },
  faq: { title: 'meta.faq.title', description: 'meta.faq.description' },
  contact: { title: 'meta.contact.title', description: 'meta.contact.description' },
  about: { title: 'meta.about.title', description: 'meta.about.description' },
  purposeValues: { title: 'meta.purposeValues.title', description: 'meta.purposeValues.description' },
  investmentBanking: { title: 'meta.investmentBanking.title', description: 'meta.investmentBanking.description' },
  terms: { title: 'meta.terms.title', description: 'meta.terms.description' },
  trade: { title: 'meta.trade.title', description: 'meta.trade.description' },
  invest: { title: 'meta.invest.title', description: 'meta.invest.description' },
} as const satisfies Record<string, PageMeta>;

// ---------------------------------------------------------------------------
// Plans page.
// ---------------------------------------------------------------------------

export const plansPage = {
  eyebrow: 'plansPage.eyebrow',
  title: 'plansPage.title',
  lead: 'plansPage.lead',
  sectionTitle: 'plansPage.sectionTitle',
  sectionLead: 'plansPage.sectionLead',
  faqTitle: 'plansPage.faqTitle',
  /** The FAQ category the plans page shows. */
  faqCategory: 'General' as FaqCategory,
  testimonialsTitle: 'plansPage.testimonialsTitle',
} as const;

// ---------------------------------------------------------------------------
// Contact page.
// ---------------------------------------------------------------------------

export const contactPage = {
  eyebrow: 'contactPage.eyebrow',
  title: 'contactPage.title',
  lead: 'contactPage.lead',
  officeHours: [
    { days: 'contactPage.officeHours.weekdays.days', hours: 'contactPage.officeHours.weekdays.hours' },
    { days: 'contactPage.officeHours.saturday.days', hours: 'contactPage.officeHours.saturday.hours' },
    { days: 'contactPage.officeHours.sunday.days', hours: 'contactPage.officeHours.sunday.hours' },
  ],
  responseNote: 'contactPage.responseNote',
} as const satisfies {
  officeHours: readonly { days: MarketingPagesKey; hours: MarketingPagesKey }[];
  [key: string]: MarketingPagesKey | readonly { days: MarketingPagesKey; hours: MarketingPagesKey }[];
};

// ---------------------------------------------------------------------------
// About, Purpose & values, Investment banking.
// ---------------------------------------------------------------------------

export const aboutPage = {
  eyebrow: 'about.eyebrow',
  title: 'about.title',
  lead: 'about.lead',
  mission: { title: 'about.mission.title', text: 'about.mission.text' },
  /** `about.approach.hardware.text` holds `{{rigUptime}}`, filled in from `figures.rigUptime`. */
  approach: [
    { title: 'about.approach.hardware.title', text: 'about.approach.hardware.text' },
    { title: 'about.approach.simplePlans.title', text: 'about.approach.simplePlans.text' },
    { title: 'about.approach.numbers.title', text: 'about.approach.numbers.text' },
    { title: 'about.approach.risk.title', text: 'about.approach.risk.text' },
  ],
  team: [
    {
      name: 'about.team.operations.name',
      initials: 'about.team.operations.initials',
      text: 'about.team.operations.text',
    },
    {
      name: 'about.team.investorServices.name',
      initials: 'about.team.investorServices.initials',
      text: 'about.team.investorServices.text',
    },
    {
      name: 'about.team.riskCompliance.name',
      initials: 'about.team.riskCompliance.initials',
      text: 'about.team.riskCompliance.text',
    },
    { name: 'about.team.platform.name', initials: 'about.team.platform.initials', text: 'about.team.platform.text' },
  ],
  figures: [
    { value: claims.rigUptime, label: 'figureLabels.rigUptime' },
    { value: claims.coinsMined, label: 'figureLabels.coinsMined' },
    { value: claims.countries, label: 'figureLabels.countriesServed' },
    { value: claims.platformUptime, label: 'figureLabels.platformUptime' },
  ],
  cta: { title: 'about.cta.title', text: 'about.cta.text' },
} as const satisfies {
  eyebrow: MarketingPagesKey;
  title: MarketingPagesKey;
  lead: MarketingPagesKey;
  mission: PageTextBlock;
  approach: readonly PageTextBlock[];
  team: readonly { name: MarketingPagesKey; initials: MarketingPagesKey; text: MarketingPagesKey }[];
  figures: readonly Figure[];
  cta: PageTextBlock;
};

export const purposeValuesPage = {
  eyebrow: 'purposeValues.eyebrow',
  title: 'purposeValues.title',
  lead: 'purposeValues.lead',
  purpose: { title: 'purposeValues.purpose.title', text: 'purposeValues.purpose.text' },
  /** In the order of their icons; `accessibility.text` holds `{{countries}}`, from `figures.countries`. */
  values: [
    { title: 'purposeValues.values.transparency.title', text: 'purposeValues.values.transparency.text' },
    { title: 'purposeValues.values.integrity.title', text: 'purposeValues.values.integrity.text' },
    { title: 'purposeValues.values.security.title', text: 'purposeValues.values.security.text' },
    { title: 'purposeValues.values.responsibility.title', text: 'purposeValues.values.responsibility.text' },
    { title: 'purposeValues.values.accessibility.title', text: 'purposeValues.values.accessibility.text' },
    { title: 'purposeValues.values.service.title', text: 'purposeValues.values.service.text' },
  ],
} as const satisfies {
  eyebrow: MarketingPagesKey;
  title: MarketingPagesKey;
  lead: MarketingPagesKey;
  purpose: PageTextBlock;
  values: readonly PageTextBlock[];
};

export const investmentBankingPage = {
  eyebrow: 'investmentBanking.eyebrow',
  title: 'investmentBanking.title',
  lead: 'investmentBanking.lead',
  services: [
    {
      id: 'token-offerings',
      title: 'investmentBanking.services.tokenOfferings.title',
      text: 'investmentBanking.services.tokenOfferings.text',
    },
    {
      id: 'ma-advisory',
      title: 'investmentBanking.services.maAdvisory.title',
      text: 'investmentBanking.services.maAdvisory.text',
    },
    {
      id: 'defi-liquidity',
      title: 'investmentBanking.services.defiLiquidity.title',
      text: 'investmentBanking.services.defiLiquidity.text',
    },
    {
      id: 'strategic-advisory',
      title: 'investmentBanking.services.strategicAdvisory.title',
      text: 'investmentBanking.services.strategicAdvisory.text',
    },
  ],
  cta: {
    title: 'investmentBanking.cta.title',
    text: 'investmentBanking.cta.text',
    label: 'investmentBanking.cta.label',
    to: '/contact-us',
  },
  disclaimer: 'investmentBanking.disclaimer',
} as const satisfies {
  eyebrow: MarketingPagesKey;
  title: MarketingPagesKey;
  lead: MarketingPagesKey;
  services: readonly (PageTextBlock & { id: string })[];
  cta: PageTextBlock & PageCta;
  disclaimer: MarketingPagesKey;
};

// ---------------------------------------------------------------------------
// Trade and Invest: the two entry pages that lead a visitor into investing.
// ---------------------------------------------------------------------------

export interface GuidePage {
  eyebrow: MarketingPagesKey;
  title: MarketingPagesKey;
  lead: MarketingPagesKey;
  what: readonly PageTextBlock[];
  steps: readonly PageTextBlock[];
  ledger: { title: MarketingPagesKey; text: MarketingPagesKey; points: readonly MarketingPagesKey[] };
  cta: PageCta;
}

/** The risks spelled out on the Trade and Invest pages. */
export const riskPoints: MarketingPagesKey[] = [
  'guide.riskPoints.income',
  'guide.riskPoints.notPromise',
  'guide.riskPoints.principalLocked',
  'guide.riskPoints.pastResults',
  'guide.riskPoints.affordToLose',
];

const ledgerStory = {
  title: 'guide.ledger.title',
  text: 'guide.ledger.text',
  points: [
    'guide.ledger.points.dailyReturn',
    'guide.ledger.points.principalReturned',
    'guide.ledger.points.profits',
    'guide.ledger.points.noUpfrontFees',
  ],
} as const satisfies GuidePage['ledger'];

const steps = [
  { title: 'guide.steps.createAccount.title', text: 'guide.steps.createAccount.text' },
  { title: 'guide.steps.verifyDeposit.title', text: 'guide.steps.verifyDeposit.text' },
  { title: 'guide.steps.pickPlan.title', text: 'guide.steps.pickPlan.text' },
  { title: 'guide.steps.watchCredits.title', text: 'guide.steps.watchCredits.text' },
] as const satisfies readonly PageTextBlock[];

const getStarted = { label: 'guide.cta', to: '/register' } as const satisfies PageCta;

export const tradePage: GuidePage = {
  eyebrow: 'trade.eyebrow',
  title: 'trade.title',
  lead: 'trade.lead',
  what: [
    { title: 'trade.what.noCharts.title', text: 'trade.what.noCharts.text' },
    { title: 'trade.what.depositCrypto.title', text: 'trade.what.depositCrypto.text' },
    { title: 'trade.what.followMarket.title', text: 'trade.what.followMarket.text' },
  ],
  steps,
  ledger: ledgerStory,
  cta: getStarted,
};

export const investPage: GuidePage = {
  eyebrow: 'invest.eyebrow',
  title: 'invest.title',
  lead: 'invest.lead',
  what: [
    { title: 'invest.what.whatYouInvestIn.title', text: 'invest.what.whatYouInvestIn.text' },
    { title: 'invest.what.howYouEarn.title', text: 'invest.what.howYouEarn.text' },
    { title: 'invest.what.control.title', text: 'invest.what.control.text' },
  ],
  steps,
  ledger: ledgerStory,
  cta: getStarted,
};
