import type { FastifyRequest } from 'fastify';
import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from '../../contract/locales';

/**
 * The language to serve a page in: the visitor's choice (the `lang` cookie, which the web also
 * sets from a signed-in account's saved language), else their browser's `Accept-Language`.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const chosen = request.cookies?.[LOCALE_COOKIE];
  return isLocale(chosen) ? chosen : localeFromAcceptLanguage(request.headers['accept-language']);
}

/** The page shell with `<html lang>` set to `locale`. */
export function withLang(html: string, locale: Locale): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
}
