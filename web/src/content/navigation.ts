import type { ParseKeys } from 'i18next';

/** A link of the public site's menus; `label` is its key in the `public` catalogues (`nav.*`). */
export interface NavLinkItem {
  to: string;
  label: ParseKeys<'public'>;
}

/** Grouped under one menu in the header to keep the bar short. */
export const companyLinks: NavLinkItem[] = [
  { to: '/about-us', label: 'nav.aboutUs' },
  { to: '/purpose-values', label: 'nav.purposeValues' },
  { to: '/asset-management', label: 'nav.assetManagement' },
  { to: '/investment-banking', label: 'nav.investmentBanking' },
  { to: '/proof-of-liabilities', label: 'nav.proofOfLiabilities' },
  { to: '/terms', label: 'nav.terms' },
];

export const mainLinks: NavLinkItem[] = [
  { to: '/plans', label: 'nav.plans' },
  { to: '/markets', label: 'nav.markets' },
  { to: '/trade', label: 'nav.trade' },
  { to: '/invest', label: 'nav.invest' },
  { to: '/faq', label: 'nav.faq' },
  { to: '/contact-us', label: 'nav.contact' },
];

/** The footer's columns: a heading, the name of its list for assistive technology, its links. */
export const footerGroups: { title: ParseKeys<'public'>; label: ParseKeys<'public'>; links: NavLinkItem[] }[] = [
  {
    title: 'footer.company.title',
    label: 'footer.company.label',
    links: companyLinks.filter((l) => l.to !== '/terms'),
  },
  { title: 'footer.invest.title', label: 'footer.invest.label', links: mainLinks.slice(0, 4) },
  {
    title: 'footer.support.title',
    label: 'footer.support.label',
    links: [
      { to: '/faq', label: 'nav.faqLong' },
      { to: '/contact-us', label: 'nav.contactUs' },
      { to: '/terms', label: 'nav.termsAndConditions' },
      { to: '/login', label: 'nav.login' },
    ],
  },
];
