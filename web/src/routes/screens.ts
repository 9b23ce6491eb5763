/**
 * Screens not built yet, by route path (spec §2); router.tsx renders each as ComingSoon.
 * Building a screen means removing its entry here and adding its route to router.tsx.
 */
export const publicScreens: { path: string; title: string }[] = [
  { path: 'about-us', title: 'About Us' },
  { path: 'purpose-values', title: 'Purpose & Values' },
  { path: 'asset-management', title: 'Asset Management' },
  { path: 'investment-banking', title: 'Investment Banking' },
  { path: 'plans', title: 'Investment Plans' },
  { path: 'markets', title: 'Markets' },
  { path: 'trade', title: 'Trade' },
  { path: 'invest', title: 'Invest' },
  { path: 'faq', title: 'Frequently Asked Questions' },
  { path: 'contact-us', title: 'Contact Us' },
  { path: 'terms', title: 'Terms & Conditions' },
];

/** Children of /app/:userName. */
export const userScreens: { path: string; title: string }[] = [
  { path: 'dashboard', title: 'Dashboard' },
  { path: 'notifications', title: 'Notifications' },
  { path: 'support', title: 'Support' },
];

/** Children of /app/admin. */
export const adminScreens: { path: string; title: string }[] = [
  { path: 'dashboard', title: 'Admin Dashboard' },
  { path: 'manage-users', title: 'Manage Users' },
  { path: 'send-notification', title: 'System Notifications' },
  { path: 'site-settings', title: 'Site Settings' },
  { path: 'reports', title: 'System Reports' },
];
