import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../lib/ThemeProvider';
import { useHydrated } from '../lib/useHydrated';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  // The pre-rendered Home page cannot know the visitor's theme: until hydration is done the
  // class theme-init.js put on <html> picks the icon, so the markup matches on both sides.
  // It is disabled until then: a click before hydration would be lost without a word.
  const hydrated = useHydrated();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-btn"
      onClick={toggleTheme}
      disabled={!hydrated}
      aria-label="Toggle theme"
      title={hydrated ? `Switch to ${next} theme` : undefined}
      data-testid="theme-toggle"
    >
      {!hydrated ? (
        <>
          <Sun className="hidden size-5 dark:block" aria-hidden="true" />
          <Moon className="size-5 dark:hidden" aria-hidden="true" />
        </>
      ) : theme === 'dark' ? (
        <Sun className="size-5" aria-hidden="true" />
      ) : (
        <Moon className="size-5" aria-hidden="true" />
      )}
    </button>
  );
}
