import { describe, expect, it } from 'vitest';
import * as marketing from '../../../content/marketing';

const { FAQ_CATEGORIES, faq, terms, termsLastUpdated, pageMeta, contactPage, investmentBankingPage } = marketing;

/** Every string in the content module, however deeply nested. */
function allCopy(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allCopy);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allCopy);
  return [];
}

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
    expect(termsLastUpdated).toBe('April 2024');
    expect(terms.find((s) => s.id === 'risk-disclosure')?.paragraphs.join(' ')).toMatch(/Returns are not guaranteed/);
  });

  it('has questions in each FAQ category: General, Account, Deposits', () => {
    expect(FAQ_CATEGORIES).toEqual(['General', 'Account', 'Deposits']);
    for (const category of FAQ_CATEGORIES) expect(faq[category].length).toBeGreaterThan(1);
  });

  it('gives every page a title and a meta description of useful length', () => {
    for (const meta of Object.values(pageMeta)) {
      expect(meta.title.length).toBeGreaterThan(2);
      expect(meta.description.length).toBeGreaterThan(50);
      expect(meta.description.length).toBeLessThanOrEqual(160);
    }
  });

  it('has the office hours and the four banking services of the spec', () => {
    expect(contactPage.officeHours.map((r) => r.hours)).toEqual(['9:00 - 17:00', '10:00 - 14:00', 'Closed']);
    expect(investmentBankingPage.services).toHaveLength(4);
  });

  it('never promises guaranteed or risk-free profit, nor asks a fee before a withdrawal', () => {
    for (const text of allCopy(marketing).filter((t) => !t.endsWith('?'))) {
      // Outside questions, "guaranteed" may only appear negated: "not guaranteed", "No guaranteed-profit
      // promises", "never promise guaranteed".
      for (const match of text.matchAll(/guarantee/gi)) {
        const before = text.slice(Math.max(0, (match.index ?? 0) - 24), match.index).toLowerCase();
        expect(/\b(not|no|never)\b/.test(before), `"${text}"`).toBe(true);
      }
      expect(text).not.toMatch(/risk[- ]free/i);
      expect(text).not.toMatch(/pay (a|the) (fee|tax) (to|before) (release|withdraw)/i);
    }
  });
});
