import fs from 'node:fs';
import path from 'node:path';
import { createInstance, type Resource, type ResourceKey, type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contract/locales';
import { formatDateTimeUtc } from '../../contract/dates';
import { formatUsd } from '../../contract/money';

/**
 * The server's words in four languages: the texts it writes itself (notices, emails), from the
 * same catalogues as the web (locales/<language>/<namespace>.json), read once at start-up.
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');
export const SERVER_NAMESPACES = ['notices', 'emails'] as const;
export type ServerNamespace = (typeof SERVER_NAMESPACES)[number];

function readCatalogues(): Resource {
  const resources: Resource = {};
  for (const lng of LOCALES) {
    resources[lng] = {};
    for (const ns of SERVER_NAMESPACES)
      resources[lng][ns] = JSON.parse(
        fs.readFileSync(path.join(LOCALES_DIR, lng, `${ns}.json`), 'utf8'),
      ) as ResourceKey;
  }
  return resources;
}

const i18n = createInstance();
void i18n.init({
  resources: readCatalogues(),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  ns: [...SERVER_NAMESPACES],
  defaultNS: 'notices',
  // The words go into plain text, into Liquid templates, or are escaped where they meet HTML.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** A loose translate function: the server's keys are checked by the catalogue test, not by types. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The words of one namespace in one language. */
export function translator(locale: Locale, ns: ServerNamespace): Translate {
  const t: TFunction = i18n.getFixedT(locale, ns);
  return (key, values) => (t as unknown as (k: string, v?: Record<string, unknown>) => string)(key, values);
}

/** How a server-written text writes money and instants in `locale` (instants in UTC, saying so). */
export function formatsFor(locale: Locale) {
  return {
    money: (cents: bigint) => formatUsd(cents, { locale }),
    instant: (value: Date | string) => formatDateTimeUtc(value, locale),
  };
}
