import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '@contract/locales';
import { call } from '../api/call';
import { currentLocale, i18next } from './i18n';
import { apiOf } from '../api/routes';

const usersApi = apiOf('usersApi');

export { currentLocale };

/** Remembers a visitor's choice for a year: the server serves pages (and the pre-rendered Home) by it. */
function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Switches the platform's language: the screens at once, the cookie for the next visit, and,
 * signed in, the account (its notifications and email follow it).
 */
export async function changeLocale(locale: Locale, opts: { signedIn: boolean }): Promise<void> {
  // Saved first: the account's language wins at the next sign-in (or reload), so the screen
  // changes once the choice is kept. When saving fails the screen still changes, and the
  // caller says the account kept its old language.
  const saved = opts.signedIn ? call(usersApi.setLocale, { body: { locale } }) : Promise.resolve(null);
  await saved.catch(() => undefined);
  rememberLocale(locale);
  await i18next.changeLanguage(locale);
  await saved;
}

/**
 * After sign-in: the account's saved language wins; an account that never chose one takes the
 * language the person is reading in now.
 */
export async function adoptAccountLocale(saved: Locale | null): Promise<void> {
  if (saved === null) {
    await call(usersApi.setLocale, { body: { locale: currentLocale() } });
    return;
  }
  if (saved !== currentLocale()) await changeLocale(saved, { signedIn: false });
}

/** The active language, re-rendering the caller when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}
