import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/ThemeProvider';
import { useHydrated } from '../lib/useHydrated';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const { t } = useTranslation('common');
  // The pre-rendered Home page cannot know the visitor's theme: until hydration is done the
  // class theme-init.js put on <html> picks the icon, so the markup matches on both sides.
  // It is disabled until then: a click before hydration would be lost without a word.
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="icon-btn"
      onClick={toggleTheme}
      disabled={!hydrated}
      aria-label={t('shell.toggleTheme')}
      title={hydrated ? (theme === 'dark' ? t('shell.switchToLight') : t('shell.switchToDark')) : undefined}
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
