import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as apis from './apis';
import { errorsOf, route, zErrorBody, type Route } from './route';
import { pathOf, searchOf } from './url';

describe('contract routes', () => {
  it('fill path parameters, escaped, and refuse a missing one', () => {
    expect(pathOf('/users/:id/sessions/:sessionId', { id: 7, sessionId: 'a b' })).toBe('/users/7/sessions/a%20b');
    expect(() => pathOf('/users/:id', {})).toThrow('Missing path parameter id');
  });

  it('write a query string from the defined values only', () => {
    expect(searchOf({ page: 2, status: undefined, search: '', q: 'a&b', tag: ['x', 'y'] })).toBe(
      '?page=2&q=a%26b&tag=x&tag=y',
    );
    expect(searchOf({})).toBe('');
  });

  it('list the codes every route can answer, the access check’s, and the route’s own', () => {
    const r = route({
      method: 'GET',
      path: '/x',
      tag: 'x',
      summary: 'x',
      access: 'staff',
      response: z.object({}),
      errors: ['NOT_FOUND'],
    });
    const codes = errorsOf(r);
    expect(codes).toEqual(
      expect.arrayContaining(['VALIDATION_FAILED', 'UNAUTHENTICATED', 'ADMIN_REQUIRED', 'NOT_FOUND']),
    );
    expect(new Set(codes).size).toBe(codes.length);
    expect(errorsOf({ ...r, access: 'public' })).not.toContain('UNAUTHENTICATED');
  });

  // The server checks answers with parse (server/lib/route.ts serializerCompiler), which gives the
  // same JSON as encode only for plain data: a transform or codec would run the wrong way round.
  it('answer with plain data schemas: no transform, pipe or codec anywhere in a response', () => {
    const responses = Object.values(apis).flatMap((api) =>
      Object.entries(api as Record<string, Route>).map(
        ([name, r]) => [`${r.method} ${r.path} (${name})`, r.response] as const,
      ),
    );
    expect(responses.length).toBeGreaterThan(100);
    const offending = [...responses, ['errors', zErrorBody] as const].filter(
      ([, schema]) => schema && !plainData(schema),
    );
    expect(offending.map(([name]) => name)).toEqual([]);
    expect(plainData(z.object({ a: z.array(z.string().nullable()) }))).toBe(true);
    expect(plainData(z.object({ a: z.array(z.string().transform((s) => s.length)) }))).toBe(false);
    expect(plainData(z.object({ a: z.string().pipe(z.email()) }))).toBe(false);
  });
});

/** True when no transform or pipe (codecs are pipes) is reachable from `schema`. */
function plainData(schema: z.ZodType, seen = new Set<unknown>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === 'transform' || def.type === 'pipe') return false;
  const inner = (value: unknown): boolean => {
    if (value instanceof z.ZodType) return plainData(value, seen);
    if (Array.isArray(value)) return value.every(inner);
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
      return Object.values(value).every(inner);
    return true;
  };
  const lazy = def.type === 'lazy' ? (def.getter as () => unknown)() : undefined;
  return Object.values(def).every(inner) && inner(lazy);
}
