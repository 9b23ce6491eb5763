/**
 * Screens not built yet, by route path (spec §2); router.tsx renders each as ComingSoon.
 * Building a screen means removing its entry here and adding its route to router.tsx.
 */
export const publicScreens: { path: string; title: string }[] = [];

/** Children of /app/:userName. */
export const userScreens: { path: string; title: string }[] = [
];

/** Children of /app/admin. */
export const adminScreens: { path: string; title: string }[] = [
];
