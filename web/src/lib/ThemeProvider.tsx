import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  THEME_CHECK_MS,
  applyTheme,
  readSavedTheme,
  resolveTheme,
  saveTheme,
  systemPrefersDark,
  type Theme,
} from './theme';

interface ThemeState {
  theme: Theme;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

function currentTheme(): Theme {
  // Pre-rendering at build time: no visitor yet. Markup that shows the theme waits for hydration.
  if (typeof window === 'undefined') return 'light';
  return resolveTheme(readSavedTheme(), systemPrefersDark(), new Date().getHours());
}

/**
 * Holds the theme and keeps <html> in step. A saved manual choice is final: the 60 s
 * recheck and system changes only move the theme while the user has not chosen one,
 * so a toggle is never undone behind the user's back.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(currentTheme);

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  useEffect(() => {
    const recheck = () => {
      if (readSavedTheme() === null) setTheme(currentTheme());
    };
    const timer = window.setInterval(recheck, THEME_CHECK_MS);
    const media = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
    media?.addEventListener('change', recheck);
    // Another tab toggled the theme: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === 'theme') setTheme(currentTheme());
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      media?.removeEventListener('change', recheck);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const toggleTheme = useCallback(() => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    saveTheme(next);
    setTheme(next);
  }, [theme]);

  const value = useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme must be used inside <ThemeProvider>');
  return state;
}
