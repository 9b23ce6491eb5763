import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';
import { LOCALES_DIR, placeholders, pluralBase, readCatalogues, type Flat } from './catalogues';

const catalogues = readCatalogues();
const english = catalogues.get('en')!;
/**
 * Texts a language writes exactly as English does (brand names, codes, "OK"), per namespace
 * and language: locales/same-as-english/<namespace>.json is `{ "es": ["x.y"], … }`.
 */
function sameAsEnglish(ns: string, lng: string): Set<string> {
  const file = path.join(LOCALES_DIR, 'same-as-english', `${ns}.json`);
  if (!fs.existsSync(file)) return new Set();
  return new Set((JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>)[lng] ?? []);
}

function bases(flat: Flat): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of flat.keys()) {
    const { base, form } = pluralBase(key);
    out.set(base, [...(out.get(base) ?? []), ...(form ? [form] : [])]);
  }
  return out;
}

function placeholdersOf(flat: Flat, base: string): string[] {
  const names = new Set<string>();
  for (const [key, text] of flat) if (pluralBase(key).base === base) placeholders(text).forEach((n) => names.add(n));
  // A plural form may leave out its count ("one item"): the count is i18next's, not a text's.
  names.delete('count');
  return [...names].sort();
}

/** A key as the code may write it with its namespace ("common:action.save"); other text as it is. */
const NS_PREFIX = new RegExp(`^(${[...english.keys()].join('|')}):`);
const withoutNs = (text: string) => text.replace(NS_PREFIX, '');

/** Every string literal and template-literal head in the code that can name a key. */
function codeLiterals(): { literals: Set<string>; prefixes: string[] } {
  const root = path.resolve(LOCALES_DIR, '..');
  const literals = new Set<string>();
  const prefixes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(full);
      } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = ts.createSourceFile(full, fs.readFileSync(full, 'utf8'), ts.ScriptTarget.Latest);
        const visit = (node: ts.Node): void => {
          if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.add(withoutNs(node.text));
          else if (ts.isTemplateExpression(node)) prefixes.push(withoutNs(node.head.text));
          ts.forEachChild(node, visit);
        };
        visit(source);
      }
    }
  };
  for (const dir of ['web/src', 'server', 'contract']) walk(path.join(root, dir));
  return { literals, prefixes: prefixes.filter((p) => p.length > 2 && p.includes('.')) };
}

describe('message catalogues', () => {
  it('every language has the same namespaces', () => {
    for (const lng of LOCALES) expect([...catalogues.get(lng)!.keys()], lng).toEqual([...english.keys()]);
  });

  for (const [ns, en] of english) {
    describe(ns, () => {
      const enBases = bases(en);

      it('every language has every key, and no key English lacks', () => {
        for (const lng of LOCALES) {
          const other = bases(catalogues.get(lng)!.get(ns)!);
          expect([...other.keys()].sort(), `${lng}/${ns}`).toEqual([...enBases.keys()].sort());
        }
      });

      it("a plural has exactly its language's forms", () => {
        for (const lng of LOCALES) {
          const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories.slice().sort();
          for (const [base, got] of bases(catalogues.get(lng)!.get(ns)!)) {
            if (enBases.get(base)?.length) expect(got.slice().sort(), `${lng}/${ns}:${base}`).toEqual(forms);
            else expect(got, `${lng}/${ns}:${base} is not a plural in English`).toEqual([]);
          }
        }
      });

      it('every translation has the same placeholders as English', () => {
        for (const lng of LOCALES) {
          const flat = catalogues.get(lng)!.get(ns)!;
          for (const base of enBases.keys())
            expect(placeholdersOf(flat, base), `${lng}/${ns}:${base}`).toEqual(placeholdersOf(en, base));
        }
      });

      it('no text is empty, and none is left in English', () => {
        for (const lng of LOCALES) {
          const allowed = sameAsEnglish(ns, lng);
          for (const [key, text] of catalogues.get(lng)!.get(ns)!) {
            expect(text.trim(), `${lng}/${ns}:${key} is empty`).not.toBe('');
            if (lng === 'en' || allowed.has(key) || !/[A-Za-z]{2}/.test(text)) continue;
            expect(text, `${lng}/${ns}:${key} is still English (list it in same-as-english/ if meant so)`).not.toBe(
              en.get(key),
            );
          }
        }
      });
    });
  }

  it('every key is used by the code', () => {
    const { literals, prefixes } = codeLiterals();
    const unused: string[] = [];
    for (const [ns, en] of english)
      for (const base of bases(en).keys()) {
        const parts = base.split('.');
        // The key itself, or an object above it read whole (`returnObjects`).
        const named = parts.some((_, i) => literals.has(parts.slice(0, i + 1).join('.')));
        if (!named && !prefixes.some((p) => base.startsWith(p))) unused.push(`${ns}:${base}`);
      }
    expect(unused).toEqual([]);
  });
});
