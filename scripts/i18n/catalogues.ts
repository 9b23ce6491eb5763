import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../contract/locales';

/** The catalogue checks' view of locales/: every language's namespaces, flattened to dotted keys. */
export const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');

export type Flat = Map<string, string>;

export function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (typeof value === 'string') out.set(prefix, value);
  else if (Array.isArray(value)) value.forEach((v, i) => flatten(v, prefix ? `${prefix}.${i}` : String(i), out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else out.set(prefix, String(value));
  return out;
}

export function readCatalogues(dir = LOCALES_DIR): Map<string, Map<string, Flat>> {
  const all = new Map<string, Map<string, Flat>>();
  for (const lng of LOCALES) {
    const byNs = new Map<string, Flat>();
    for (const file of fs
      .readdirSync(path.join(dir, lng))
      .filter((f) => f.endsWith('.json'))
      .sort())
      byNs.set(file.slice(0, -5), flatten(JSON.parse(fs.readFileSync(path.join(dir, lng, file), 'utf8'))));
    all.set(lng, byNs);
  }
  return all;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A key without its plural suffix, and the suffix (i18next's `key_one`, `key_other`, …). */
export function pluralBase(key: string): { base: string; form: string | null } {
  const m = PLURAL.exec(key);
  return m ? { base: key.slice(0, m.index), form: m[1]! } : { base: key, form: null };
}

/** The `{{name}}` placeholders of a text (a format after a comma is not part of the name). */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!).sort();
}
