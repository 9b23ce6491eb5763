import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsOf, route } from './route';
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
});
