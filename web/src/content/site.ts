/**
 * Marketing copy of the public site, kept out of components so wording and figures can
 * change in one place. Figures here are static marketing claims (spec §1), never data.
 */
export const hero = {
  eyebrow: 'Crypto mining · Managed investment plans',
  title: 'Put industrial crypto mining to work for your portfolio',
  lead: 'Choose an investment plan backed by professionally run mining rigs, follow every payout on your dashboard, and withdraw your profits whenever you like.',
  primaryCta: { label: 'Create a free account', to: '/register' },
  secondaryCta: { label: 'About us', to: '/about-us' },
};

export const highlights = [
  { value: '99.9%', label: 'rig uptime' },
  { value: '100+', label: 'coins mined and tracked' },
  { value: '160+', label: 'countries served' },
  { value: '24 h', label: 'crypto withdrawals' },
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

export const riskDisclosure =
  'Crypto investments carry risk; returns are not guaranteed and the value of digital assets can go down as well as up. Only invest what you can afford to lose.';
