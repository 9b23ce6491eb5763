import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, hrefOf, keyOf } from './call';
import { apiOf } from './routes';

const jobsApi = apiOf('jobsApi');
const auditApi = apiOf('auditApi');
const reportsApi = apiOf('reportsApi');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call(route, input)', () => {
  it('fills the path, sends the method, and resolves to the body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: 'ok', job: {} }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(jobsApi.run, { params: { name: 'price refresh' } })).resolves.toEqual({ message: 'ok', job: {} });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/jobs/price%20refresh/run');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
  });

  it('writes the query from the defined values', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await call(auditApi.list, { query: { page: 2, limit: 10, action: 'deposit' } });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(
      '/api/admin/audit-log?page=2&limit=10&action=deposit',
    );
  });

  it('gives the URL of a download, and query keys that start with the route path', () => {
    expect(hrefOf(reportsApi.csv, { params: { kind: 'users' }, query: { period: 'all' } })).toBe(
      '/api/reports/users?period=all',
    );
    expect(keyOf(jobsApi.list)).toEqual(['/admin/jobs']);
    expect(keyOf(auditApi.list, { query: { page: 1 } })).toEqual(['/admin/audit-log', { query: { page: 1 } }]);
  });
});
