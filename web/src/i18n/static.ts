import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@contract/locales';
import { baseOptions } from './i18n';
import { NAMESPACES } from './namespaces';

/** Every catalogue, read at build time: for the pre-render and tests only, never the browser's bundle. */
const all = import.meta.glob<Record<string, unknown>>(
  ['../../../locales/*/*.json', '!../../../locales/*/notices.json', '!../../../locales/*/emails.json'],
  { eager: true, import: 'default' },
);

function resources(): Resource {
  const out: Resource = {};
  for (const [file, catalogue] of Object.entries(all)) {
    const [, lng, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
    (out[lng!] ??= {})[ns!] = catalogue;
  }
  return out;
}

/** An instance with every catalogue already in hand, ready at once (no suspense while rendering). */
export function createStaticI18n(lng: Locale): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    ...baseOptions(lng),
    ns: [...NAMESPACES],
    resources: resources(),
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
