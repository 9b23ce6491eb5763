import { createStaticI18n } from '../i18n/static';

/**
 * Components under test read their words from the English catalogues: importing this module
 * makes the shared instance (the one `useTranslation` uses without a provider) that one.
 */
export const testI18n = createStaticI18n('en');
