import { MutationObserver, QueryClientProvider, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, keyOf } from '../api/call';
import { ApiError, isUnavailable, parseRetryAfter } from '../api/client';
import { createQueryClient, OUTAGE_RETRIES, retryDelay, retryOnlyOutage } from '../api/queries';
import { OutageNotice } from './OutageNotice';
import '../test/i18n';
import { apiOf } from '../api/routes';

const depositsApi = apiOf('depositsApi');
const settingsApi = apiOf('settingsApi');

const NOTICE = 'Temporarily unavailable, retrying…';
const unavailable = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is temporarily unavailable, please try again shortly.',
};

type Reply = { status: number; body: unknown; headers?: Record<string, string> } | 'network';
/** Answers each request with the next of `replies` (the last one again once they run out). */
function answer(...replies: Reply[]) {
  const fetchMock = vi.fn(async () => {
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: reply.headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const notice = (client: QueryClient) =>
  renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <OutageNotice />
    </QueryClientProvider>,
  );

/** A screen's read of the public settings, as useQuery runs it. */
function read(client: QueryClient) {
  const observer = new QueryObserver(client, {
    queryKey: keyOf(settingsApi.public),
    queryFn: ({ signal }) => call(settingsApi.public, {}, { signal }),
  });
  const stop = observer.subscribe(() => undefined);
  return { observer, stop };
}

let client: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  client = createQueryClient();
});
afterEach(() => {
  client.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('while the service is unavailable', () => {
  it('retries a read after the Retry-After the 503 gave, showing the notice until it succeeds', async () => {
    const fetchMock = answer(
      { status: 503, body: unavailable, headers: { 'retry-after': '3' } },
      { status: 200, body: { siteName: 'MineVest' } },
    );
    const { observer, stop } = read(client);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(notice(client)).toContain(NOTICE);
    expect(notice(client)).toContain('role="status"');

    // Not before the server said: 3 s, not the default 1 s.
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().data).toEqual({ siteName: 'MineVest' });
    expect(notice(client)).not.toContain(NOTICE);
    stop();
  });

  it('retries a read after a network failure too, and gives up after a bounded number of tries', async () => {
    const fetchMock = answer('network');
    const { observer, stop } = read(client);
    await vi.advanceTimersByTimeAsync(0);
    expect(notice(client)).toContain(NOTICE);
    // Without Retry-After: 1 s, 2 s, 4 s... each capped at 30 s.
    await vi.advanceTimersByTimeAsync(10 * 30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1 + OUTAGE_RETRIES);
    const result = observer.getCurrentResult();
    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({ code: 'NETWORK_ERROR' });
    // Given up: the screen's own error view with its Try Again takes over from the notice.
    expect(notice(client)).not.toContain(NOTICE);
    stop();
  });

  it('never sends a write again on its own, and shows no "retrying" for it', async () => {
    const fetchMock = answer({ status: 503, body: unavailable, headers: { 'retry-after': '1' } });
    const deposit = new MutationObserver(client, {
      mutationFn: (body: { amount: string; currency: 'BTC'; idempotencyKey: string }) =>
        call(depositsApi.create, { body }),
    });
    const sent = deposit.mutate({ amount: '50.00', currency: 'BTC', idempotencyKey: 'key-12345678' });
    await expect(sent).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfterMs: 1000 });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(deposit.getCurrentResult().failureCount).toBe(1);
    expect(notice(client)).not.toContain(NOTICE);
  });

  it('does not retry a 4xx read, nor treat maintenance as an outage', async () => {
    const fetchMock = answer({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } });
    const { observer, stop } = read(client);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().status).toBe('error');
    stop();
    const maintenance = new ApiError(503, 'MAINTENANCE', 'Maintenance', undefined, true);
    expect(isUnavailable(maintenance)).toBe(false);
    expect(isUnavailable(new ApiError(502, 'HTTP_ERROR', 'Bad gateway'))).toBe(true);
  });

  it('waits out an outage on the session check too, and nothing else there', () => {
    const down = new ApiError(503, 'SERVICE_UNAVAILABLE', 'x', undefined, true);
    expect(retryOnlyOutage(0, down)).toBe(true);
    expect(retryOnlyOutage(OUTAGE_RETRIES, down)).toBe(false);
    expect(retryOnlyOutage(0, new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe(true);
    expect(retryOnlyOutage(0, new ApiError(500, 'INTERNAL_ERROR', 'x', undefined, true))).toBe(false);
    expect(retryOnlyOutage(0, new ApiError(401, 'UNAUTHENTICATED', 'x', undefined, true))).toBe(false);
  });
});

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates, and the wait stays within 1 s and 30 s', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    const after = (ms: number | undefined) => new ApiError(503, 'SERVICE_UNAVAILABLE', 'x', undefined, true, {}, ms);
    expect(retryDelay(0, after(5000))).toBe(5000);
    expect(retryDelay(0, after(0))).toBe(1000);
    expect(retryDelay(0, after(3_600_000))).toBe(30_000);
    expect([0, 1, 2, 5].map((n) => retryDelay(n, after(undefined)))).toEqual([1000, 2000, 4000, 30_000]);
  });
});
