import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { getI18n, initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@contract/locales';
import { NAMESPACES, type Namespace } from './namespaces';

/**
 * Every catalogue as its own chunk, loaded when a screen of its language and namespace first
 * draws: the English bundle carries no other language, and the public site none of the
 * back office's words.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../../locales/*/*.json',
  // The server's own words (notifications, emails) never reach a screen.
  '!../../../locales/*/notices.json',
  '!../../../locales/*/emails.json',
]);

export function loadCatalogue(lng: string, ns: string): Promise<Record<string, unknown>> {
  const load = catalogues[`../../../locales/${lng}/${ns}.json`];
  if (!load) return Promise.reject(new Error(`no catalogue ${lng}/${ns}`));
  return load().then((m) => m.default);
}

/** The options the browser and the build-time pre-render share. */
export function baseOptions(lng: Locale): InitOptions {
  return {
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    // "pt-BR" is a language of its own here, not a region of "pt".
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: false,
    // React escapes what it renders; escaping here would show "&amp;".
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  };
}

/** The language the page was served in: the server sets <html lang> from the visitor's choice. */
export function documentLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** The browser's instance: initialised once with the namespaces the first screen needs. */
export async function initI18n(lng: Locale, namespaces: readonly Namespace[]): Promise<I18n> {
  await i18next
    .use(resourcesToBackend(loadCatalogue))
    .use(initReactI18next)
    // No fallback language: every catalogue is complete (scripts/i18n/catalogues.test.ts), so a
    // reader of Spanish downloads the Spanish catalogues only, not the English ones beside them.
    .init({ ...baseOptions(lng), fallbackLng: false, ns: ['common', ...namespaces] });
  return i18next;
}

/**
 * The active language: of the instance screens render with (the browser's, or the pre-render's
 * and tests' own); English before one starts.
 */
export function currentLocale(): Locale {
  const instance = getI18n() ?? i18next;
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

export { i18next, NAMESPACES };
