import { getI18n } from 'react-i18next';
import type { z } from 'zod';
import { errorCatalogue, isErrorCode } from '@contract/errors';
import { toCents } from '@contract/money';
import { formatCentsUsd } from '../lib/format';
import { i18next } from './i18n';

/**
 * The server's and the forms' messages in the active language. They are written in English in
 * `contract/` (the spec's wording), and the `messages` catalogue is keyed by that English text:
 * "Invalid email or password" → "Correo electrónico o contraseña no válidos". A message with
 * values is a template in contract (`fill('The minimum withdrawal is {{min}}', …)`), keyed by
 * its template and matched back here, its dollar amounts written the active language's way.
 */

/** Keys are whole English sentences: neither "." nor ":" splits them. */
const FLAT = { ns: 'messages', keySeparator: false, nsSeparator: false } as const;
/** For split and matchAll only: a global regex keeps its `lastIndex` between `test` calls. */
const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const HAS_PLACEHOLDER = /\{\{\w+\}\}/;
const DOLLARS = /^-?\$\d{1,3}(,\d{3})*\.\d{2}$/;

interface Template {
  key: string;
  names: string[];
  pattern: RegExp;
  /** Characters outside the placeholders. */
  fixed: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const templatesOf = new WeakMap<object, Template[]>();

function templates(bundle: Record<string, unknown>): Template[] {
  let found = templatesOf.get(bundle);
  if (!found) {
    found = Object.keys(bundle)
      .filter((key) => HAS_PLACEHOLDER.test(key))
      .map((key) => {
        const names = [...key.matchAll(PLACEHOLDER)].map((m) => m[1]!);
        const pattern = new RegExp(
          `^${key
            .split(PLACEHOLDER)
            .map((part, i) => (i % 2 ? '(.+?)' : escape(part)))
            .join('')}$`,
          's',
        );
        return { key, names, pattern, fixed: key.replace(PLACEHOLDER, '').length };
      })
      // The most specific first: where two templates could read one text, the one with more fixed words wins.
      .sort((a, b) => b.fixed - a.fixed);
    templatesOf.set(bundle, found);
  }
  return found;
}

const instance = () => getI18n() ?? i18next;
const activeLanguage = () => instance().resolvedLanguage ?? instance().language;

/** A value taken out of an English message, as the active language writes it. */
function localValue(value: string): string {
  if (!DOLLARS.test(value)) return value;
  return formatCentsUsd(toCents(value.replace(/[$,]/g, '')));
}

/** `text` in the active language when the catalogue knows it (loaded), else `null`. */
function known(text: string): string | null {
  const i18n = instance();
  const lng = activeLanguage();
  const bundle = lng ? (i18n.getResourceBundle(lng, 'messages') as Record<string, unknown> | undefined) : undefined;
  if (!bundle) {
    // Not loaded on this page yet (FormField loads it with the form): the next message finds it.
    if (lng && i18n.isInitialized) void i18n.loadNamespaces('messages');
    return null;
  }
  if (typeof bundle[text] === 'string') return bundle[text];
  for (const { key, names, pattern } of templates(bundle)) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, localValue(match[i + 1]!)]));
    return i18n.t(key as never, { ...FLAT, ...values, interpolation: { escapeValue: false } }) as unknown as string;
  }
  return null;
}

/** A message from contract/ (a form's validation, a rule) in the active language; as written when unknown. */
export function translateMessage(text: string): string {
  return known(text) ?? text;
}

/**
 * A server error in the active language: its own message when the catalogue knows it, else the
 * default message of its code, else the server's English as sent.
 */
export function translateError(code: string, message: string): string {
  const own = known(message);
  if (own !== null) return own;
  // English readers get the server's own words, which may say more than the code's default.
  if (activeLanguage() !== 'en' && isErrorCode(code) && errorCatalogue[code].message !== message) {
    const byCode = known(errorCatalogue[code].message);
    if (byCode !== null) return byCode;
  }
  return message;
}

/**
 * zod's own messages (a schema in contract/ without a message of its own: "Too big: expected
 * string to have <=80 characters") in the language the browser's instance speaks. Each language
 * is a chunk of its own, loaded on a change to it: the English bundle carries none of them, and
 * zod itself is not loaded for this (it starts in English; a page without a form never needs it).
 * zod has no Brazilian locale; its Portuguese one stands for pt-BR.
 */
type ZodLocale = () => Promise<{ default: () => Parameters<typeof z.config>[0] }>;
const ZOD_LOCALES: Record<string, ZodLocale> = {
  en: () => import('zod/v4/locales/en.js'),
  es: () => import('zod/v4/locales/es.js'),
  'pt-BR': () => import('zod/v4/locales/pt.js'),
  ru: () => import('zod/v4/locales/ru.js'),
};
let zodLocale = 'en';

/** Sets zod's messages to `lng` (English for any language it lacks); resolves once they are in place. */
export async function setZodLocale(lng: string | undefined): Promise<void> {
  const wanted = lng && Object.hasOwn(ZOD_LOCALES, lng) ? lng : 'en';
  if (wanted === zodLocale) return;
  zodLocale = wanted;
  const [{ config }, locale] = await Promise.all([import('./zod-config'), ZOD_LOCALES[wanted]!()]);
  // A later change may have come first while this one loaded.
  if (zodLocale === wanted) config(locale.default());
}

// The browser's instance only: tests and the pre-render build instances of their own and keep zod English.
i18next.on('languageChanged', (lng) => void setZodLocale(lng));
if (i18next.isInitialized) void setZodLocale(i18next.resolvedLanguage ?? i18next.language);
