import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, setI18n } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countries, countryName } from '../content/countries';
import { createStaticI18n } from '../i18n/static';
import { testI18n } from '../test/i18n';
import { CountryPicker } from './CountryPicker';

// A static instance of another language becomes the shared one: give English back after each case.
afterEach(() => setI18n(testI18n));

describe('country names', () => {
  it('keeps the names written in the list for English, and an unknown code as it is', () => {
    expect(countryName('de')).toBe('Germany');
    expect(countryName('CD')).toBe('Congo (Democratic Republic)');
    expect(countryName('XK')).toBe('Kosovo');
    expect(countryName('QQ')).toBe('QQ');
    expect(countryName(null)).toBe('');
  });

  it('names a country in the active language', () => {
    createStaticI18n('es');
    expect(countryName('DE')).toBe('Alemania');
    createStaticI18n('pt-BR');
    expect(countryName('DE')).toBe('Alemanha');
    createStaticI18n('ru');
    expect(countryName('de')).toBe('Германия');
    expect(countryName('XK')).toBe('Косово');
  });

  it("lists every country once, in the active language's alphabetical order", () => {
    createStaticI18n('ru');
    const names = countries().map((c) => c.name);
    expect(names).toHaveLength(COUNTRY_CODES.length);
    expect(new Set(countries().map((c) => c.code)).size).toBe(COUNTRY_CODES.length);
    expect(names).toEqual([...names].sort(new Intl.Collator('ru').compare));
    expect(names.slice(0, 2)).toEqual(['Австралия', 'Австрия']);
    createStaticI18n('es');
    expect(countries()[0]?.name).toBe('Afganistán');
  });
});

describe('CountryPicker', () => {
  it('shows its words and the chosen country in the active language', () => {
    const html = (lng: 'en' | 'ru', value: string) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={lng === 'en' ? testI18n : createStaticI18n(lng)}>
          <CountryPicker value={value} onChange={() => {}} />
        </I18nextProvider>,
      );
    expect(html('en', '')).toContain('Select your country');
    expect(html('en', '')).toContain('>Country<');
    const ru = html('ru', 'DE');
    expect(ru).toContain('>Страна<');
    expect(ru).toContain('Германия');
    expect(html('ru', '')).toContain('Выберите страну');
  });
});
