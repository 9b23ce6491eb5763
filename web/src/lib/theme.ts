/**
 * Theme rule of spec §4: the saved choice (localStorage `theme`) wins; without one the
 * theme is dark when the system prefers dark or at night (hour >= 18 or hour <= 6).
 * public/theme-init.js applies the same rule before first paint; keep the two in step.
 */
export type Theme = 'dark' | 'light';

export const THEME_KEY = 'theme';
/** How often the automatic theme re-applies the time-of-day rule. */
export const THEME_CHECK_MS = 60_000;

export function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light';
}

export function isNight(hour: number): boolean {
  return hour >= 18 || hour <= 6;
}

export function resolveTheme(saved: string | null, prefersDark: boolean, hour: number): Theme {
  if (isTheme(saved)) return saved;
  return prefersDark || isNight(hour) ? 'dark' : 'light';
}

export function readSavedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return isTheme(value) ? value : null;
  } catch {
    // Storage can be blocked (privacy mode); the automatic rule still works.
    return null;
  }
}

export function saveTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Not persisted; the choice still holds for this page view.
  }
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
}
