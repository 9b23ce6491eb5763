import { getI18n } from 'react-i18next';
import { beforeAll } from 'vitest';

/**
 * Test files share one worker's modules (vitest `isolate: false`), and so the shared i18n
 * instance: each file starts in English, whatever language the file before it left it in.
 */
beforeAll(async () => {
  const i18n = getI18n();
  if (i18n && i18n.language !== 'en') await i18n.changeLanguage('en');
});
