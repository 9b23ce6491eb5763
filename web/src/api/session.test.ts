import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQuery, startSessionCheck } from './session';
import { hasSessionHint, setSessionHint } from './storage';

const USER = { id: 7, role: 'user', userName: 'ada', secondFactorRequired: false, locale: 'en' };

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Node has no localStorage: a map stands in, so the sign-in hint is kept and read. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  setSessionHint(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('the session check started at start-up', () => {
  it('is the answer of the first session read: one request, not two', async () => {
    const fetchMock = respond(200, { user: USER });
    startSessionCheck();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const session = await new QueryClient().fetchQuery(sessionQuery());
    expect(session).toEqual({ id: 7, role: 'user', userName: 'ada', secondFactorRequired: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/verify-auth-token');
  });

  it('is used once: a later read asks the server again', async () => {
    const fetchMock = respond(200, { user: USER });
    startSessionCheck();
    await new QueryClient().fetchQuery(sessionQuery());
    await new QueryClient().fetchQuery(sessionQuery());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reads an ended session as signed out and forgets the hint', async () => {
    respond(401, { message: 'Unauthorized', code: 'UNAUTHENTICATED' });
    startSessionCheck();
    expect(hasSessionHint()).toBe(true);
    await expect(new QueryClient().fetchQuery(sessionQuery())).resolves.toBeNull();
    expect(hasSessionHint()).toBe(false);
  });

  it('asks nothing on a browser that never signed in', () => {
    setSessionHint(false);
    const fetchMock = respond(200, { user: USER });
    startSessionCheck();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
