import { z } from 'zod';

/**
 * The one rule every request string follows. A NUL is refused because PostgreSQL refuses 0x00
 * in text and jsonb (a 500 otherwise); an unpaired UTF-16 surrogate because it has no UTF-8
 * form and would be stored as U+FFFD, not as what was sent. Other control characters (tab,
 * newline) stay: messages, addresses and descriptions have lines.
 */
export const BROKEN_TEXT_MESSAGE = 'Text must not contain control characters (NUL) or broken characters';

/** True when `s` has no NUL and no unpaired surrogate (a loop: no regex lookbehind for older browsers). */
export function isCleanText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0 || (c >= 0xdc00 && c <= 0xdfff)) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

/** The check itself, one instance, so a test can tell a checked string schema from a bare one. */
export const cleanText = z.refine<string>(isCleanText, { message: BROKEN_TEXT_MESSAGE });

/** Adds the rule to a string schema of another kind (`clean(z.email())`, `clean(z.iso.date())`). */
export const clean = <S extends z.ZodType<string, string>>(schema: S): S => schema.check(cleanText);

/** A request string: `z.string(params)` with the rule first. Every request-side string in contract/ is one. */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(cleanText);

/** Reported at most, so a huge body full of NULs still gets a short answer. */
const MAX_REPORTED = 10;

/**
 * The paths of the broken strings and object keys in a parsed request part (JSON body, query,
 * path parameters), at any depth. Iterative: a deeply nested body must not overflow the stack.
 */
export function brokenTextPaths(value: unknown): (string | number)[][] {
  const found: (string | number)[][] = [];
  // A place links to its parent, so a deep body costs one small object a level, not a path copy.
  interface Place {
    value: unknown;
    key: string | number | null;
    parent: Place | null;
    brokenKey: boolean;
  }
  const pathOf = (place: Place) => {
    const path: (string | number)[] = [];
    for (let p: Place | null = place; p && p.key !== null; p = p.parent) path.push(p.key);
    return path.reverse();
  };
  const stack: Place[] = [{ value, key: null, parent: null, brokenKey: false }];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const place = stack.pop()!;
    const v = place.value;
    if (place.brokenKey || (typeof v === 'string' && !isCleanText(v))) {
      found.push(pathOf(place));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: place, brokenKey: false });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        stack.push({ value: item, key, parent: place, brokenKey: !isCleanText(key) });
      }
    }
  }
  return found;
}

/**
 * Any value, refused with one issue per broken string or key at its path. The server applies
 * it to every request part before the route's own schema, so no route can go without the rule.
 */
export const zCleanInput = z.unknown().superRefine((value, ctx) => {
  for (const path of brokenTextPaths(value)) ctx.addIssue({ code: 'custom', path, message: BROKEN_TEXT_MESSAGE });
});
