export interface NavLinkItem {
  to: string;
  label: string;
}

/** Grouped under one menu in the header to keep the bar short. */
export const companyLinks: NavLinkItem[] = [
  { to: '/about-us', label: 'About Us' },
  { to: '/purpose-values', label: 'Purpose & Values' },
  { to: '/asset-management', label: 'Asset Management' },
  { to: '/investment-banking', label: 'Investment Banking' },
  { to: '/terms', label: 'Terms' },
];

export const mainLinks: NavLinkItem[] = [
  { to: '/plans', label: 'Plans' },
  { to: '/markets', label: 'Markets' },
  { to: '/trade', label: 'Trade' },
  { to: '/invest', label: 'Invest' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact-us', label: 'Contact' },
];

export const footerGroups: { title: string; links: NavLinkItem[] }[] = [
  { title: 'Company', links: companyLinks.filter((l) => l.to !== '/terms') },
  { title: 'Invest', links: mainLinks.slice(0, 4) },
  {
    title: 'Support',
    links: [
      { to: '/faq', label: 'FAQ' },
      { to: '/contact-us', label: 'Contact Us' },
      { to: '/terms', label: 'Terms & Conditions' },
      { to: '/login', label: 'Login' },
    ],
  },
];
