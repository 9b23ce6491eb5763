import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, errorMessage, fieldIssues } from './client';

function respond(status: number, body?: unknown) {
  const fetchMock = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('calls /api with cookies and returns the JSON body', async () => {
    const fetchMock = respond(200, { siteName: 'X' });
    await expect(apiFetch('/utils/public-settings')).resolves.toEqual({ siteName: 'X' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/utils/public-settings');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
  });

  it('sends a JSON body with its content type, and no content type without a body', async () => {
    const fetchMock = respond(200, {});
    await apiFetch('/x', { method: 'POST', body: { a: 1 } });
    await apiFetch('/auth/logout', { method: 'POST' });
    const [, withBody] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const [, withoutBody] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(withBody.body).toBe('{"a":1}');
    expect((withBody.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect((withoutBody.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it("throws an ApiError carrying the server's message, code and details", async () => {
    respond(403, { message: 'Unauthorized: Admin access required', code: 'ADMIN_REQUIRED', details: { a: 1 } });
    const error = await apiFetch('/plans').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'ADMIN_REQUIRED',
      message: 'Unauthorized: Admin access required',
      details: { a: 1 },
    });
    expect(errorMessage(error, 'Failed to fetch plans')).toBe('Unauthorized: Admin access required');
  });

  it('falls back to the default message when the error body is not the API shape', async () => {
    respond(502, undefined);
    const error = await apiFetch('/plans').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR' });
    expect(errorMessage(error, 'Failed to fetch plans')).toBe('Failed to fetch plans');
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    const error = await apiFetch('/plans').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(errorMessage(error, 'Failed to fetch plans')).toBe('Failed to fetch plans');
  });

  it('keeps the extra fields of an error body and lists validation issues', async () => {
    respond(429, {
      message: 'Device limit reached. Disconnect a device to continue.',
      code: 'DEVICE_LIMIT_REACHED',
      sessions: [{ id: 1 }],
      loginChallenge: 'c',
    });
    const limit = await apiFetch('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(limit).toMatchObject({ status: 429, body: { sessions: [{ id: 1 }], loginChallenge: 'c' } });

    respond(400, {
      message: 'Referral ID not found',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'referrerId', message: 'Referral ID not found' }, { bad: true }],
    });
    const invalid = await apiFetch('/users/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(fieldIssues(invalid)).toEqual([{ field: 'referrerId', message: 'Referral ID not found' }]);
    expect(fieldIssues(new Error('x'))).toEqual([]);
  });

  it('sends form data as is, without a JSON content type', async () => {
    const fetchMock = respond(200, {});
    const form = new FormData();
    form.append('profileImage', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiFetch('/users/1/profile-image', { method: 'POST', form });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});
