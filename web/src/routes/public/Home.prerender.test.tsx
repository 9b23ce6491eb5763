import { afterAll, describe, expect, it } from 'vitest';
import { setI18n } from 'react-i18next';
import { LOCALES } from '@contract/locales';
import { hero, highlights } from '../../content/marketing';
import { createStaticI18n } from '../../i18n/static';
import { namespacesFor } from '../../i18n/namespaces';
import { renderPage } from '../../prerender';
import { testI18n } from '../../test/i18n';

/** React escapes text in markup: the same escaping, to find a catalogue text in it. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A catalogue's texts by dotted key. */
function flat(node: unknown, prefix = ''): Record<string, string> {
  if (typeof node === 'string') return { [prefix]: node };
  return Object.entries(node as Record<string, unknown>).reduce<Record<string, string>>(
    (out, [key, value]) => ({ ...out, ...flat(value, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

// Runs in Node like the build's pre-render (home.<lang>.html): each language's Home, from its catalogues.
describe('pre-rendered Home page, per language', () => {
  // Each render makes its language's instance the shared one: English again for the test files after this one.
  afterAll(() => setI18n(testI18n));

  for (const lng of LOCALES) {
    it(`writes the first screen in ${lng}: hero, figures, header and risk disclosure`, async () => {
      const markup = await renderPage('/', lng);
      const i18n = createStaticI18n(lng);
      const marketing = i18n.getFixedT(lng, 'marketing');
      const words = i18n.getFixedT(lng, 'public');
      const common = i18n.getFixedT(lng, 'common');
      expect(markup).toContain(`>${html(marketing(hero.title))}</h1>`);
      expect(markup).toContain(html(marketing(hero.primaryCta.label)));
      for (const item of highlights) {
        expect(markup).toContain(html(marketing(item.value)));
        expect(markup).toContain(html(marketing(item.label)));
      }
      expect(markup).toContain(html(common('risk.disclosure')));
      expect(markup).toContain(`>${html(words('nav.plans'))}</a>`);
      expect(markup).toContain(`aria-label="${html(words('header.openMenu'))}"`);
      // The language menu is part of the page (no shift when it hydrates), its language chosen.
      expect(markup).toContain('data-testid="language-switcher"');
      expect(markup).toMatch(new RegExp(`<option value="${lng}" lang="${lng}" selected=""`));
    });
  }

  it('draws only from the catalogues the browser loads before hydrating it', async () => {
    // The browser hydrates Home holding common and namespacesFor('/') only: a word of the other
    // public pages' catalogues would not be there yet, and preloading them would bring every
    // page's words to Home's first visit.
    expect(namespacesFor('/')).toEqual(['public', 'marketing']);
    const markup = await renderPage('/', 'en');
    const english = createStaticI18n('en');
    const textsOf = (ns: string) => Object.values(flat(english.getResourceBundle('en', ns)));
    const homeTexts = new Set(['common', ...namespacesFor('/')].flatMap(textsOf));
    const others = ['publicPages', 'marketingPages']
      .flatMap(textsOf)
      .filter((text) => !homeTexts.has(text) && !text.includes('{{'));
    expect(others.length).toBeGreaterThan(100);
    const drawn = others.filter((text) => markup.includes(`>${html(text)}<`) || markup.includes(`="${html(text)}"`));
    expect(drawn).toEqual([]);
  });

  it('carries no English on the first screen of another language', async () => {
    const english = createStaticI18n('en').getFixedT('en', 'marketing');
    const markup = await renderPage('/', 'es');
    expect(markup).not.toContain(english(hero.title));
    expect(markup).not.toContain(english(hero.lead));
    expect(markup).not.toContain('>Login<');
    expect(markup).toContain('Pon la minería industrial de criptomonedas a trabajar para tu portafolio');
    expect(markup).toContain('99,9');
  });
});
