import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, matchLocale } from './locales';

describe('locale choice', () => {
  it('matches exact tags and primary languages', () => {
    expect(matchLocale('pt-BR')).toBe('pt-BR');
    expect(matchLocale('PT-pt')).toBe('pt-BR');
    expect(matchLocale('es-MX')).toBe('es');
    expect(matchLocale('ru')).toBe('ru');
    expect(matchLocale('de')).toBeNull();
    expect(matchLocale('')).toBeNull();
  });

  it('follows Accept-Language by q-value, then order, and falls back to English', () => {
    expect(localeFromAcceptLanguage('es')).toBe('es');
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,ru;q=0.8,en;q=0.7')).toBe('ru');
    expect(localeFromAcceptLanguage('en;q=0.5, pt-BR')).toBe('pt-BR');
    expect(localeFromAcceptLanguage('fr, de')).toBe('en');
    expect(localeFromAcceptLanguage('es;q=0, ru;q=0.1')).toBe('ru');
    expect(localeFromAcceptLanguage('*')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    expect(localeFromAcceptLanguage(';;;,,q=abc')).toBe('en');
  });
});
