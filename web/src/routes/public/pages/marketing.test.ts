import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@contract/locales';
import {
  FAQ_CATEGORIES,
  faq,
  terms,
  termsLastUpdated,
  pageMeta,
  contactPage,
  investmentBankingPage,
} from '../../../content/marketingPages';
import en from '../../../../../locales/en/marketing.json';
import es from '../../../../../locales/es/marketing.json';
import ptBR from '../../../../../locales/pt-BR/marketing.json';
import ru from '../../../../../locales/ru/marketing.json';
import enPages from '../../../../../locales/en/marketingPages.json';
import esPages from '../../../../../locales/es/marketingPages.json';
import ptBRPages from '../../../../../locales/pt-BR/marketingPages.json';
import ruPages from '../../../../../locales/ru/marketingPages.json';

/** Home's marketing copy (`marketing`) and the other public pages' (`marketingPages`), per language. */
const catalogues: Record<Locale, { marketing: unknown; marketingPages: unknown }> = {
  en: { marketing: en, marketingPages: enPages },
  es: { marketing: es, marketingPages: esPages },
  'pt-BR': { marketing: ptBR, marketingPages: ptBRPages },
  ru: { marketing: ru, marketingPages: ruPages },
};

/** A text of a language's marketingPages catalogue by its dotted key. */
function text(lng: Locale, key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogues[lng].marketingPages);
  if (typeof found !== 'string') throw new Error(`${lng}: no text at ${key}`);
  return found;
}

/** Every text of a catalogue, however deeply nested. */
function allCopy(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(allCopy);
  return [];
}

/**
 * Per language: the stem of "guarantee", the words that negate it just before it, "risk-free",
 * and how the risk section says returns are not guaranteed.
 */
const WORDING: Record<Locale, { guarantee: RegExp; negation: RegExp; riskFree: RegExp; notGuaranteed: RegExp }> = {
  en: {
    guarantee: /guarantee/gi,
    negation: /\b(not|no|never)\b/,
    riskFree: /risk[- ]free/i,
    notGuaranteed: /Returns are not guaranteed/,
  },
  es: {
    guarantee: /garantiz/gi,
    negation: /(^|\s)(no|nunca|sin|ni)\s/,
    riskFree: /sin riesgo/i,
    notGuaranteed: /rendimientos no están garantizados/i,
  },
  'pt-BR': {
    guarantee: /garanti/gi,
    negation: /(^|\s)(não|nunca|sem|nem)\s/,
    riskFree: /sem risco/i,
    notGuaranteed: /rendimentos não são garantidos/i,
  },
  ru: {
    guarantee: /гарант/gi,
    negation: /(^|\s)(не|нет|никогда|без|ни)\s/,
    riskFree: /без риска/i,
    notGuaranteed: /доход не гарантирован/i,
  },
};

describe('marketing content', () => {
  it('has the nine terms sections of the spec, last updated April 2024, with a risk section', () => {
    expect(terms.map((s) => s.id)).toEqual([
      'agreement',
      'service-description',
      'risk-disclosure',
      'user-obligations',
      'account-security',
      'investment-terms',
      'limitation-of-liability',
      'modifications',
      'governing-law',
    ]);
    expect(text('en', termsLastUpdated)).toBe('April 2024');
    const risk = terms.find((s) => s.id === 'risk-disclosure')!;
    for (const lng of LOCALES)
      expect(risk.paragraphs.map((key) => text(lng, key)).join(' '), lng).toMatch(WORDING[lng].notGuaranteed);
  });

  it('has questions in each FAQ category: General, Account, Deposits', () => {
    expect(FAQ_CATEGORIES).toEqual(['General', 'Account', 'Deposits']);
    for (const category of FAQ_CATEGORIES) expect(faq[category].length).toBeGreaterThan(1);
  });

  it('gives every page a title and a meta description of useful length, in every language', () => {
    for (const lng of LOCALES)
      for (const meta of Object.values(pageMeta)) {
        expect(text(lng, meta.title).length).toBeGreaterThan(2);
        const description = text(lng, meta.description);
        expect(description.length, `${lng}: ${description}`).toBeGreaterThan(50);
        expect(description.length, `${lng}: ${description}`).toBeLessThanOrEqual(160);
      }
  });

  it('has the office hours and the four banking services of the spec', () => {
    expect(contactPage.officeHours.map((r) => text('en', r.hours))).toEqual([
      '9:00 - 17:00',
      '10:00 - 14:00',
      'Closed',
    ]);
    expect(investmentBankingPage.services).toHaveLength(4);
  });

  for (const lng of LOCALES) {
    it(`never promises guaranteed or risk-free profit, nor asks a fee before a withdrawal (${lng})`, () => {
      const { guarantee, negation, riskFree } = WORDING[lng];
      for (const copy of allCopy(catalogues[lng]).filter((t) => !/[?？]\s*$/.test(t))) {
        // Outside questions, "guaranteed" may only appear negated: "not guaranteed", "No guaranteed-profit
        // promises", "never promise guaranteed".
        for (const match of copy.matchAll(guarantee)) {
          const before = copy.slice(Math.max(0, (match.index ?? 0) - 24), match.index).toLowerCase();
          expect(negation.test(before), `"${copy}"`).toBe(true);
        }
        expect(copy).not.toMatch(riskFree);
        if (lng === 'en') expect(copy).not.toMatch(/pay (a|the) (fee|tax) (to|before) (release|withdraw)/i);
      }
    });
  }
});
