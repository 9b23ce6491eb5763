/**
 * All marketing copy and figures of the public site (spec §1), in one place an operator
 * edits. Figures here are static marketing claims, never live data: anything computed
 * (plans, prices, balances) comes from the API. Wording rules: no promise of guaranteed
 * profit, and never a fee asked before a withdrawal is paid.
 */

export interface Cta {
  label: string;
  to: string;
}

export interface Figure {
  value: string;
  label: string;
}

// ---------------------------------------------------------------------------
// Risk wording: shown wherever returns are advertised.
// ---------------------------------------------------------------------------

/** One line, next to any advertised return; links to the risk section of /terms. */
export const riskNotice = 'Investing in crypto mining carries risk; returns are not guaranteed.';

/** The longer form, in footers and closing sections. */
export const riskDisclosure =
  'Crypto investments carry risk; returns are not guaranteed and the value of digital assets can go down as well as up. Only invest what you can afford to lose.';

/** Where the risk notices link to: the risk section of the terms. */
export const riskLink: Cta = { label: 'Read the risk disclosure', to: '/terms#risk-disclosure' };

// ---------------------------------------------------------------------------
// Spec §1 claims and service facts.
// ---------------------------------------------------------------------------

/** The marketing figures of spec §1, static by design. */
export const claims = {
  /** Not shown next to the live plans: a plan's own rate is what an investor gets offered. */
  targetMonthlyReturn: '15%',
  rigUptime: '99.9%',
  coinsMined: '100+',
  averageReturn: '24.7%',
  platformUptime: '98.7%',
  countries: '160+',
} as const;

/** Service facts of spec §1, used by the FAQ, Trade/Invest and Terms pages. */
export const serviceFacts = {
  accountOpening: 'Opening an account is free.',
  activation: 'Account activation takes 24-48 hours.',
  kyc: 'Identity verification (KYC) is required before investing.',
  oneAccount: 'One account per person.',
  minimumAge: 18,
  profits: 'Profits can be withdrawn at any time.',
  principal: 'Your principal is locked for the duration of the plan.',
  cryptoWithdrawals: 'Crypto withdrawals are processed within 24 hours.',
  bankWithdrawals: 'Bank transfers take 3-5 business days.',
  bankDeposits: 'Bank deposits take 1-3 business days.',
  dataRefresh: 'Investment data updates every 24 hours.',
  noUpfrontFees: 'We never ask for a fee before paying out a withdrawal.',
} as const;

// ---------------------------------------------------------------------------
// Home.
// ---------------------------------------------------------------------------

export const hero = {
  eyebrow: 'Crypto mining · Managed investment plans',
  title: 'Put industrial crypto mining to work for your portfolio',
  lead: 'Choose an investment plan backed by professionally run mining rigs, follow every payout on your dashboard, and withdraw your profits whenever you like.',
  primaryCta: { label: 'Create a free account', to: '/register' } satisfies Cta,
  secondaryCta: { label: 'About us', to: '/about-us' } satisfies Cta,
};

export const highlights: Figure[] = [
  { value: claims.rigUptime, label: 'rig uptime' },
  { value: claims.coinsMined, label: 'coins mined and tracked' },
  { value: claims.countries, label: 'countries served' },
  { value: '24 h', label: 'crypto withdrawals' },
];

/** Track-record figures; always shown with `riskNotice` (past results, not a promise). */
export const performance: Figure[] = [
  { value: claims.averageReturn, label: 'average return across plans' },
  { value: claims.coinsMined, label: 'coins mined and tracked' },
  { value: claims.platformUptime, label: 'platform uptime' },
  { value: claims.countries, label: 'countries' },
];

export const features = [
  {
    icon: 'mining',
    title: 'Professional mining capacity',
    text: 'Your plan is backed by hashing power in monitored data centres, so you earn from mining without buying, housing or maintaining hardware.',
  },
  {
    icon: 'plans',
    title: 'Clear investment plans',
    text: 'Every plan states its duration, minimum and maximum amount and expected return up front. Returns are credited daily and shown on your dashboard.',
  },
  {
    icon: 'security',
    title: 'Security first',
    text: 'Two-factor authentication, device limits, email verification and a full activity log keep your account and funds under your control.',
  },
] as const;

export type FeatureIcon = (typeof features)[number]['icon'];

export const closingCta = {
  title: 'Ready to start?',
  text: 'Opening an account is free. Deposit in BTC or USDT, pick a plan, and watch your returns arrive every day.',
};

export interface Testimonial {
  name: string;
  role: string;
  quote: string;
  /** Two letters drawn as the avatar: no photo needed offline. */
  initials: string;
}

export const testimonials: Testimonial[] = [
  {
    name: 'Amara O.',
    role: 'Investor since 2022',
    initials: 'AO',
    quote:
      'I like that every payout shows up as its own line in my history. I can check exactly what was credited and when.',
  },
  {
    name: 'Lukas W.',
    role: 'Software engineer',
    initials: 'LW',
    quote: 'Withdrawing my profits in BTC took less than a day, and there was no surprise fee along the way.',
  },
  {
    name: 'Priya S.',
    role: 'Small business owner',
    initials: 'PS',
    quote:
      'The plan terms were clear before I invested: duration, limits and the expected rate, with the risks spelled out.',
  },
  {
    name: 'Daniel M.',
    role: 'Retired teacher',
    initials: 'DM',
    quote:
      'Support answered my questions about the lock-in period patiently. I started with the smallest plan to see how it works.',
  },
  {
    name: 'Sofia R.',
    role: 'Designer',
    initials: 'SR',
    quote: 'Two-factor login and the device list make me feel in control of my account.',
  },
  {
    name: 'Kwame A.',
    role: 'Investor since 2023',
    initials: 'KA',
    quote: 'The dashboard is easy to follow. I can see my principal, my returns so far and when my plan ends.',
  },
];

// ---------------------------------------------------------------------------
// FAQ.
// ---------------------------------------------------------------------------

export const FAQ_CATEGORIES = ['General', 'Account', 'Deposits'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface FaqItem {
  question: string;
  answer: string;
}

export const faq: Record<FaqCategory, FaqItem[]> = {
  General: [
    {
      question: 'What do you do?',
      answer:
        'We run crypto mining capacity in monitored data centres and offer investment plans backed by it. You choose a plan, and its returns are credited to your account while the plan runs.',
    },
    {
      question: 'Are returns guaranteed?',
      answer: `No. ${riskDisclosure} Each plan shows its expected rate, but mining income depends on coin prices and network difficulty.`,
    },
    {
      question: 'When can I withdraw my profits?',
      answer: `${serviceFacts.profits} ${serviceFacts.principal} ${serviceFacts.cryptoWithdrawals} ${serviceFacts.bankWithdrawals}`,
    },
    {
      question: 'Do you charge a fee before I can withdraw?',
      answer: `No. ${serviceFacts.noUpfrontFees} If anyone asks you to pay to release a withdrawal, it is not us: contact support.`,
    },
    {
      question: 'How can I check that my returns were paid?',
      answer:
        'Every credit is an entry in your transaction history with its date, plan and amount, recorded in a double-entry ledger. Your balance is always the sum of those entries.',
    },
  ],
  Account: [
    {
      question: 'How do I open an account?',
      answer: `Register with your name, email and country. ${serviceFacts.accountOpening} ${serviceFacts.activation}`,
    },
    {
      question: 'Who can open an account?',
      answer: `Anyone aged ${serviceFacts.minimumAge} or over. ${serviceFacts.oneAccount} ${serviceFacts.kyc}`,
    },
    {
      question: 'How is my account protected?',
      answer:
        'You can turn on two-factor authentication, your account is limited to two connected devices, and every sign-in is recorded in your activity log.',
    },
    {
      question: 'I forgot my password. What now?',
      answer: 'Use "Forgot password" on the login page. We email you a link to set a new one.',
    },
  ],
  Deposits: [
    {
      question: 'How can I deposit?',
      answer: `Deposit in BTC or USDT from your account page. Crypto deposits are credited once confirmed on the network. ${serviceFacts.bankDeposits}`,
    },
    {
      question: 'Is there a minimum deposit?',
      answer: 'Each plan has its own minimum and maximum investment, shown on the plans page before you invest.',
    },
    {
      question: 'How long does a deposit take to appear?',
      answer:
        'Crypto deposits appear when the payment is confirmed, usually within an hour. Bank deposits take 1-3 business days.',
    },
    {
      question: 'Can I get my principal back early?',
      answer: `${serviceFacts.principal} It is returned to your balance when the plan ends; profits can be withdrawn at any time before that.`,
    },
  ],
};

// ---------------------------------------------------------------------------
// Terms (spec §2: 9 sections, last updated April 2024).
// ---------------------------------------------------------------------------

export interface TermsSection {
  /** Anchor id, e.g. /terms#risk-disclosure. */
  id: string;
  title: string;
  paragraphs: string[];
}

export const termsLastUpdated = 'April 2024';

export const terms: TermsSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to terms',
    paragraphs: [
      'By creating an account or using this website you agree to these terms. If you do not agree, do not use the service.',
      `You must be at least ${serviceFacts.minimumAge} years old to use the service. ${serviceFacts.oneAccount}`,
    ],
  },
  {
    id: 'service-description',
    title: 'Description of service',
    paragraphs: [
      'We offer investment plans backed by crypto mining capacity. Each plan has a duration, a minimum and maximum investment and an expected rate of return, shown before you invest.',
      `Returns are credited to your account while a plan runs and recorded in your transaction history. ${serviceFacts.dataRefresh}`,
    ],
  },
  {
    id: 'risk-disclosure',
    title: 'Risk disclosure',
    paragraphs: [
      'Investing in crypto mining carries risk. Returns are not guaranteed. Mining income depends on coin prices, network difficulty, energy costs and equipment uptime, all of which can change.',
      'The value of digital assets can fall as well as rise, and you may get back less than you invested. Past performance and marketing figures are not a reliable indicator of future results.',
      'Only invest money you can afford to lose, and consider seeking independent financial advice.',
    ],
  },
  {
    id: 'user-obligations',
    title: 'User obligations',
    paragraphs: [
      'You must give accurate information, complete identity verification (KYC) when asked, and keep your details up to date.',
      'You must not use the service for money laundering, fraud or any unlawful purpose, or open more than one account.',
    ],
  },
  {
    id: 'account-security',
    title: 'Account security',
    paragraphs: [
      'You are responsible for keeping your password and two-factor codes secret. We recommend turning on two-factor authentication.',
      'Tell us at once if you suspect unauthorised access. We will never ask for your password, and we never ask for a fee before paying out a withdrawal.',
    ],
  },
  {
    id: 'investment-terms',
    title: 'Investment terms',
    paragraphs: [
      'Each plan has minimum and maximum investment limits and a lock-in period equal to its duration. Your principal is locked for the duration of the plan; profits can be withdrawn at any time.',
      `${serviceFacts.cryptoWithdrawals} ${serviceFacts.bankWithdrawals} Any fee that applies to a plan or a withdrawal is shown before you confirm it, and is never charged in advance of a payout.`,
    ],
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of liability',
    paragraphs: [
      'To the extent permitted by law, we are not liable for losses caused by market movements, network events outside our control, or unauthorised use of your credentials.',
      'Nothing in these terms limits liability that cannot be limited by law.',
    ],
  },
  {
    id: 'modifications',
    title: 'Modifications',
    paragraphs: [
      'We may update these terms. We will post the new version here with its date and, for material changes, notify you by email. Running plans keep the terms they started under.',
    ],
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    paragraphs: [
      'These terms are governed by the laws of the jurisdiction in which the operator is registered, and disputes are subject to its courts, unless the law of your country of residence requires otherwise.',
    ],
  },
];

// ---------------------------------------------------------------------------
// Page titles and meta descriptions of the public pages.
// ---------------------------------------------------------------------------

export interface PageMeta {
  title: string;
  description: string;
}

export const pageMeta = {
  plans: {
    title: 'Investment Plans',
    description:
      'Compare our crypto mining investment plans: duration, minimum and maximum investment and expected return, with the risks stated up front.',
  },
  faq: {
    title: 'Frequently Asked Questions',
    description:
      'Answers about accounts, deposits, withdrawals, returns and risk on our crypto mining investment platform.',
  },
  contact: {
    title: 'Contact Us',
    description:
      'Send us a message or reach our support team. Office hours Monday to Friday 9:00-17:00 and Saturday 10:00-14:00.',
  },
  about: {
    title: 'About Us',
    description: 'Who we are, how we run our mining operation and the team behind our crypto mining investment plans.',
  },
  purposeValues: {
    title: 'Purpose & Values',
    description: 'Why we exist and the values that guide how we run mining capacity and look after investors.',
  },
  investmentBanking: {
    title: 'Investment Banking',
    description:
      'Token offerings, crypto M&A advisory, DeFi liquidity solutions and blockchain strategic advisory for digital-asset businesses.',
  },
  terms: {
    title: 'Terms & Conditions',
    description:
      'The terms of use of our crypto mining investment platform, including the risk disclosure, investment terms and account security.',
  },
  trade: {
    title: 'Trade',
    description:
      'Put your crypto to work: how our mining-backed plans turn a deposit into daily credited returns you can check in your ledger.',
  },
  invest: {
    title: 'Invest',
    description:
      'How investing with us works: choose a plan, deposit, and follow every daily return in a verifiable ledger. Returns are not guaranteed.',
  },
} satisfies Record<string, PageMeta>;

// ---------------------------------------------------------------------------
// Plans page.
// ---------------------------------------------------------------------------

export const plansPage = {
  eyebrow: 'Investment plans',
  title: 'A plan for every stage of your mining portfolio',
  lead: 'Each plan states its duration, its investment range and its expected return before you invest. Returns are credited daily; profits can be withdrawn at any time.',
  sectionTitle: 'Choose your plan',
  sectionLead: 'Plans and their rates are set by our team and loaded live from the platform.',
  /** Default benefits when a plan lists none (spec §3: default four). */
  faqTitle: 'Questions about plans',
  faqCategory: 'General' as FaqCategory,
  testimonialsTitle: 'What investors say',
};

// ---------------------------------------------------------------------------
// Contact page.
// ---------------------------------------------------------------------------

export const contactPage = {
  eyebrow: 'Contact',
  title: 'Talk to our team',
  lead: 'Questions about a plan, a deposit or your account? Send us a message and we will reply by email, usually within one business day.',
  officeHours: [
    { days: 'Monday - Friday', hours: '9:00 - 17:00' },
    { days: 'Saturday', hours: '10:00 - 14:00' },
    { days: 'Sunday', hours: 'Closed' },
  ],
  responseNote: 'We never ask for your password or two-factor codes, and never for a fee to release a withdrawal.',
};

// ---------------------------------------------------------------------------
// About, Purpose & values, Investment banking.
// ---------------------------------------------------------------------------

export interface TextBlock {
  title: string;
  text: string;
}

export const aboutPage = {
  eyebrow: 'About us',
  title: 'Mining capacity, run openly for investors',
  lead: 'We operate crypto mining rigs in monitored data centres and let investors share in their output through simple, time-limited plans.',
  mission: {
    title: 'Our mission',
    text: 'To make professional crypto mining accessible to everyday investors, with the terms, the payouts and the risks always in plain view.',
  },
  approach: [
    {
      title: 'Run the hardware well',
      text: `Our rigs are monitored around the clock; we target ${claims.rigUptime} rig uptime and publish every payout to the investor's ledger.`,
    },
    {
      title: 'Keep plans simple',
      text: 'A plan has a duration, a range and an expected rate. No hidden conditions, and no fee asked before a withdrawal.',
    },
    {
      title: 'Show the numbers',
      text: 'Every credit and withdrawal is an entry in a double-entry ledger, so your balance can always be explained line by line.',
    },
    {
      title: 'Respect the risk',
      text: 'Mining income moves with coin prices and network difficulty. We say so up front and never promise guaranteed profits.',
    },
  ] satisfies TextBlock[],
  team: [
    {
      name: 'Operations',
      initials: 'OP',
      text: 'Engineers who run and maintain the mining rigs and the data-centre contracts.',
    },
    {
      name: 'Investor services',
      initials: 'IS',
      text: 'The support team that answers your messages and checks deposits and withdrawals.',
    },
    {
      name: 'Risk & compliance',
      initials: 'RC',
      text: 'Identity checks (KYC), anti-fraud controls and the daily ledger reconciliation.',
    },
    {
      name: 'Platform',
      initials: 'PL',
      text: 'The people who build the dashboard, the security features and the ledger itself.',
    },
  ],
  figures: [
    { value: claims.rigUptime, label: 'rig uptime' },
    { value: claims.coinsMined, label: 'coins mined and tracked' },
    { value: claims.countries, label: 'countries served' },
    { value: claims.platformUptime, label: 'platform uptime' },
  ] satisfies Figure[],
  cta: { title: 'See how it works for you', text: `${serviceFacts.accountOpening} ${serviceFacts.activation}` },
};

export const purposeValuesPage = {
  eyebrow: 'Purpose & values',
  title: 'Why we do this, and how',
  lead: 'We believe people should be able to take part in crypto mining without buying hardware, and without being kept in the dark about what happens to their money.',
  purpose: {
    title: 'Our purpose',
    text: 'To give everyday investors an honest, well-run way to share in crypto mining output, with every number they need to judge it for themselves.',
  },
  values: [
    {
      title: 'Transparency',
      text: 'Plan terms before you invest, every payout as a ledger entry, and a clear statement of the risks.',
    },
    {
      title: 'Integrity',
      text: 'No guaranteed-profit promises and no fee demanded before a withdrawal. If something goes wrong, we tell you.',
    },
    {
      title: 'Security',
      text: 'Two-factor authentication, device limits, identity checks and an activity log protect every account.',
    },
    {
      title: 'Responsibility',
      text: 'We encourage investors to invest only what they can afford to lose, and we keep our own books balanced every day.',
    },
    {
      title: 'Accessibility',
      text: `${serviceFacts.accountOpening} Investors in ${claims.countries} countries use the same simple plans.`,
    },
    {
      title: 'Service',
      text: 'Real people answer messages during office hours, and crypto withdrawals are processed within 24 hours.',
    },
  ] satisfies TextBlock[],
};

export const investmentBankingPage = {
  eyebrow: 'Investment banking',
  title: 'Advisory and capital services for digital-asset businesses',
  lead: 'Alongside our mining operation, our team advises blockchain companies on raising capital, combining businesses and managing liquidity.',
  services: [
    {
      id: 'token-offerings',
      title: 'Token offerings (ICO / STO / IEO)',
      text: 'Structuring and preparing token sales: token design, documentation, regulatory review with your counsel, and launch planning with exchanges.',
    },
    {
      id: 'ma-advisory',
      title: 'Crypto M&A advisory',
      text: 'Buy-side and sell-side advice for exchanges, miners, wallets and protocols: valuation, due diligence and negotiation support.',
    },
    {
      id: 'defi-liquidity',
      title: 'DeFi liquidity solutions',
      text: 'Designing liquidity programmes for tokens and protocols: pool strategy, market-making partners and treasury risk limits.',
    },
    {
      id: 'strategic-advisory',
      title: 'Blockchain strategic advisory',
      text: 'Helping established companies decide where blockchain fits: use-case assessment, build-or-partner choices and roadmaps.',
    },
  ],
  cta: {
    title: 'Discuss a mandate',
    text: 'Tell us about your project and our advisory team will get back to you.',
    label: 'Contact us',
    to: '/contact-us',
  },
  disclaimer:
    'Advisory services are offered to businesses only and are subject to engagement terms; nothing on this page is an offer of securities.',
};

// ---------------------------------------------------------------------------
// Trade and Invest: the two entry pages that lead a visitor into investing.
// ---------------------------------------------------------------------------

export interface GuidePage {
  eyebrow: string;
  title: string;
  lead: string;
  what: TextBlock[];
  steps: TextBlock[];
  ledger: { title: string; text: string; points: string[] };
  cta: Cta;
}

/** The risks spelled out on the Trade and Invest pages. */
export const riskPoints: string[] = [
  'Mining income depends on coin prices, network difficulty, energy costs and equipment uptime, and any of these can change.',
  "A plan's rate is its expected return, not a promise: returns are not guaranteed.",
  "Your principal is locked for the plan's duration and cannot be withdrawn early.",
  'Past results and marketing figures are not a reliable guide to future returns.',
  'Only invest money you can afford to lose.',
];

const ledgerStory = {
  title: 'Returns you can verify',
  text: 'A plan earns its stated rate over its duration, paid in equal daily credits. Every credit is posted to a double-entry ledger, so your balance is always the sum of entries you can see.',
  points: [
    'Each daily return appears in your transaction history with its date, plan and amount.',
    'Your principal is returned to your balance when the plan ends.',
    `${serviceFacts.profits} ${serviceFacts.cryptoWithdrawals}`,
    serviceFacts.noUpfrontFees,
  ],
};

export const tradePage: GuidePage = {
  eyebrow: 'Trade',
  title: 'Let mining output do the trading for you',
  lead: 'Instead of timing the market, put your crypto into a mining-backed plan. Rigs produce coins every day; your plan turns that output into daily credits at the rate stated up front.',
  what: [
    {
      title: 'No charts to watch',
      text: 'Mining earns from block rewards rather than price swings you must trade, though coin prices still affect what mining is worth.',
    },
    {
      title: 'Deposit in crypto',
      text: 'Fund your account in BTC or USDT, then choose how much to put into a plan, within its range.',
    },
    {
      title: 'Follow the market',
      text: 'Live prices and top movers are on the Markets page, computed from our own price cache.',
    },
  ],
  steps: [
    { title: 'Create a free account', text: `${serviceFacts.accountOpening} ${serviceFacts.activation}` },
    { title: 'Verify and deposit', text: `${serviceFacts.kyc} Then deposit BTC or USDT from your account page.` },
    {
      title: 'Pick a plan',
      text: 'Choose a plan by duration and range; the estimated return is shown before you confirm.',
    },
    {
      title: 'Watch the credits arrive',
      text: 'Returns are credited daily and listed in your ledger. Withdraw profits whenever you like.',
    },
  ],
  ledger: ledgerStory,
  cta: { label: 'Get Started', to: '/register' },
};

export const investPage: GuidePage = {
  eyebrow: 'Invest',
  title: 'Invest in crypto mining, step by step',
  lead: 'Choose a plan, deposit, and follow every return as it is credited. Here is exactly what happens to your money, and what the risks are.',
  what: [
    {
      title: 'What you invest in',
      text: 'A share of the output of our mining rigs for a fixed term. The plan states the term, the investment range and the expected rate.',
    },
    {
      title: 'How you earn',
      text: 'The expected return is spread over the term and credited every day. An estimate is shown before you confirm.',
    },
    {
      title: 'What you keep control of',
      text: 'Profits can be withdrawn at any time. Your principal is locked for the term and returned at the end.',
    },
  ],
  steps: tradePage.steps,
  ledger: ledgerStory,
  cta: { label: 'Get Started', to: '/register' },
};
