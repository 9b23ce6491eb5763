import { renderToStaticMarkup } from 'react-dom/server';
import { Trans } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@contract/locales';
import { createStaticI18n } from '../../i18n/static';

/**
 * The sign-in screens' sentences with a link or emphasis inside, drawn in every language: the
 * marked words must land inside the element (a tag i18next's parser takes for a void HTML
 * element, such as <link>, would leave it empty and the words beside it).
 */
const MARKED = [
  { key: 'login.noAccount', tag: 'signup' },
  { key: 'register.haveAccount', tag: 'signin' },
  { key: 'register.field.agreement', tag: 'terms' },
  { key: 'otp.signingInAs', tag: 'name' },
] as const;

describe('sign-in sentences with markup', () => {
  for (const lng of LOCALES) {
    it(`keep their marked words inside the element in ${lng}`, () => {
      const t = createStaticI18n(lng).getFixedT(lng, 'auth');
      for (const { key, tag } of MARKED) {
        const html = renderToStaticMarkup(
          <Trans t={t} i18nKey={key} values={{ userName: 'ana' }} components={{ [tag]: <b data-tag={tag} /> }} />,
        );
        expect(html, `${lng} ${key}`).toMatch(new RegExp(`<b data-tag="${tag}">[^<]{2,}</b>`));
      }
    });
  }
});
