import { z } from 'zod';

/**
 * The only code that talks to the price feed: a CoinGecko-compatible API (v3 paths
 * `/coins/markets` and `/coins/{id}/market_chart`). Query parameters on the configured
 * endpoint (e.g. `?x_cg_demo_api_key=…`) are kept on every call.
 */

export class FeedError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when no answer came (network, timeout, bad body). */
    readonly status: number | null,
    /** From a 429's Retry-After header, when it sent one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

const TIMEOUT_MS = 10_000;

/** One coin as /coins/markets sends it; fields we do not use are ignored, bad ones skipped by the caller. */
const zMarketRow = z.looseObject({
  id: z.string(),
  current_price: z.unknown(),
  price_change_percentage_24h: z.unknown().optional(),
  market_cap: z.unknown().optional(),
  last_updated: z.string().nullish(),
});
export type FeedMarketRow = z.infer<typeof zMarketRow>;

const zMarketChart = z.looseObject({ prices: z.array(z.tuple([z.number(), z.unknown()])) });

function urlFor(endpoint: string, path: string, params: Record<string, string>): string {
  let base: URL;
  try {
    base = new URL(endpoint);
  } catch {
    throw new FeedError('The price feed endpoint in site settings is not a valid URL', null);
  }
  const url = new URL(`${base.pathname.replace(/\/+$/, '')}${path}`, base);
  base.searchParams.forEach((v, k) => url.searchParams.set(k, v));
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: Date): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

async function getJson(url: string, now: Date): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    throw new FeedError(`Price feed unreachable (${cause ?? (err as Error).name})`, null);
  }
  if (res.status === 429) {
    await res.body?.cancel();
    throw new FeedError(
      'Price feed rate limit reached (HTTP 429)',
      429,
      parseRetryAfter(res.headers.get('retry-after'), now),
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new FeedError(`Price feed answered HTTP ${res.status}`, res.status);
  }
  try {
    return await res.json();
  } catch {
    throw new FeedError('Price feed sent a body that is not JSON', res.status);
  }
}

/** Price, 24 h change, market cap of the given coins in USD: one call for all of them. */
export async function fetchMarkets(endpoint: string, ids: readonly string[], now: Date): Promise<FeedMarketRow[]> {
  const url = urlFor(endpoint, '/coins/markets', {
    vs_currency: 'usd',
    ids: ids.join(','),
    per_page: '250',
    page: '1',
    sparkline: 'false',
    price_change_percentage: '24h',
  });
  const parsed = z.array(z.unknown()).safeParse(await getJson(url, now));
  if (!parsed.success) throw new FeedError('Price feed sent an unexpected markets answer', 200);
  return parsed.data.flatMap((row) => {
    const r = zMarketRow.safeParse(row);
    return r.success ? [r.data] : [];
  });
}

/** [timestamp ms, price] points of a coin's USD price over the last `days` days, daily. */
export async function fetchPriceChart(
  endpoint: string,
  id: string,
  days: number,
  now: Date,
): Promise<[number, unknown][]> {
  const url = urlFor(endpoint, `/coins/${encodeURIComponent(id)}/market_chart`, {
    vs_currency: 'usd',
    days: String(days),
    interval: 'daily',
  });
  const parsed = zMarketChart.safeParse(await getJson(url, now));
  if (!parsed.success) throw new FeedError('Price feed sent an unexpected market chart answer', 200);
  return parsed.data.prices;
}
