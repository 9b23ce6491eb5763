import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { SUPPORTED_COINS } from '../../../contract/prices';
import type { SiteSettings } from '../../../contract/settings';
import type { Db } from '../../db/client';
import { coinPrices, priceFeedState, priceHistory } from '../../db/schema';
import { FeedError, fetchMarkets, fetchPriceChart, type FeedMarketRow } from './coingecko';
import { decimalFromNumber } from './decimal';

const BY_ID = new Map(SUPPORTED_COINS.map((c) => [c.coingeckoId, c]));
const MAX_BACKOFF_MS = 30 * 60_000;
/** However long a Retry-After asks for, try again within this (a bad header must not stop prices for days). */
const MAX_RETRY_AFTER_MS = 6 * 60 * 60_000;
/** Daily closes change once a day; re-reading hourly keeps today's provisional close fresh at 1/60 of the calls. */
const HISTORY_EVERY_MS = 60 * 60_000;
const HISTORY_SYMBOL = 'BTC';
const DAY_MS = 86_400_000;

export interface RefreshOutcome {
  status: 'refreshed' | 'not-due' | 'not-configured' | 'failed';
  /** Coins whose price was written. */
  updated: number;
  /** When this instance should try next (the shared state decides whether it may). */
  nextAttemptAt: Date;
  error?: string;
}

/** Wait after `failures` failures in a row: the interval doubled each time, capped; a 429's Retry-After is honoured. */
export function backoffMs(intervalMs: number, failures: number, retryAfterMs: number | null): number {
  const doubled = Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.min(failures, 16));
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(doubled, retryAfterMs ?? 0));
}

/**
 * Reads the feed if it is due and stores what it says. "Due" lives in the database, so
 * several app instances together still call the feed at most once per interval, and not at
 * all during a back-off. Never throws for a feed failure: it records it and backs off.
 */
export async function refreshPrices(db: Db, settings: SiteSettings, now: Date): Promise<RefreshOutcome> {
  const intervalMs = settings.priceRefreshSeconds * 1000;
  if (!settings.coingeckoEndpoint)
    return { status: 'not-configured', updated: 0, nextAttemptAt: new Date(now.getTime() + intervalMs) };

  await db
    .insert(priceFeedState)
    .values({ id: 1, nextAttemptAt: new Date(0) })
    .onConflictDoNothing();
  // Timers fire a little late rather than early, but allow for clocks of instances that differ slightly.
  const dueBefore = new Date(now.getTime() - intervalMs + Math.min(1000, intervalMs / 10));
  const [claimed] = await db
    .update(priceFeedState)
    .set({ lastAttemptAt: now })
    .where(
      and(
        eq(priceFeedState.id, 1),
        lte(priceFeedState.nextAttemptAt, now),
        or(isNull(priceFeedState.lastAttemptAt), lte(priceFeedState.lastAttemptAt, dueBefore)),
      ),
    )
    .returning();
  if (!claimed) {
    const [state] = await db.select().from(priceFeedState).where(eq(priceFeedState.id, 1));
    const next = Math.max(state!.nextAttemptAt.getTime(), (state!.lastAttemptAt?.getTime() ?? 0) + intervalMs);
    return { status: 'not-due', updated: 0, nextAttemptAt: new Date(next) };
  }

  let updated = 0;
  let historyError: FeedError | null = null;
  let historyFetchedAt = claimed.historyFetchedAt;
  try {
    const rows = await fetchMarkets(
      settings.coingeckoEndpoint,
      SUPPORTED_COINS.map((c) => c.coingeckoId),
      now,
    );
    updated = await storeMarkets(db, rows, now);
    if (updated === 0) throw new FeedError('Price feed returned no usable prices', 200);
    if (!historyFetchedAt || now.getTime() - historyFetchedAt.getTime() >= HISTORY_EVERY_MS) {
      historyFetchedAt = now;
      try {
        await refreshHistory(db, settings.coingeckoEndpoint, now);
      } catch (err) {
        // A 429 holds for every path: back off entirely. Anything else (an endpoint without
        // charts, say) must not slow the prices down; the history is retried in an hour.
        if (!(err instanceof FeedError) || err.status === 429) throw err;
        historyError = err;
      }
    }
  } catch (err) {
    if (!(err instanceof FeedError)) throw err;
    const failures = claimed.failures + 1;
    const nextAttemptAt = new Date(now.getTime() + backoffMs(intervalMs, failures, err.retryAfterMs));
    await db
      .update(priceFeedState)
      .set({
        failures,
        nextAttemptAt,
        lastStatus: err.status,
        lastError: err.message,
        ...(updated > 0 ? { lastSuccessAt: now } : {}),
      })
      .where(eq(priceFeedState.id, 1));
    return { status: 'failed', updated, nextAttemptAt, error: err.message };
  }
  const nextAttemptAt = new Date(now.getTime() + intervalMs);
  const lastError = historyError ? `BTC history: ${historyError.message}` : null;
  await db
    .update(priceFeedState)
    .set({
      failures: 0,
      nextAttemptAt: now,
      lastSuccessAt: now,
      historyFetchedAt,
      lastStatus: historyError?.status ?? 200,
      lastError,
    })
    .where(eq(priceFeedState.id, 1));
  return { status: 'refreshed', updated, nextAttemptAt, ...(lastError ? { error: lastError } : {}) };
}

/**
 * A finite number within [min, max) as a decimal string, else null (a nonsense value must not fail the whole
 * write).
 */
function bounded(value: unknown, min: number, max: number, exclusiveMin = false): string | null {
  if (typeof value !== 'number' || value >= max || value < min || (exclusiveMin && value === min)) return null;
  return decimalFromNumber(value);
}

/** Upserts every supported coin with a usable price (finite, > 0); returns how many. */
async function storeMarkets(db: Db, rows: FeedMarketRow[], now: Date): Promise<number> {
  const values = rows.flatMap((r) => {
    const coin = BY_ID.get(r.id);
    const price = bounded(r.current_price, 0, 1e15, true);
    if (!coin || !price) return [];
    const source = r.last_updated ? new Date(r.last_updated) : null;
    return [
      {
        symbol: coin.symbol,
        coinId: coin.coingeckoId,
        name: coin.name,
        priceUsd: price,
        change24hPct: bounded(r.price_change_percentage_24h, -1e9, 1e9),
        marketCapUsd: bounded(r.market_cap, 0, 1e27),
        sourceUpdatedAt: source && !Number.isNaN(source.getTime()) ? source : null,
        updatedAt: now,
      },
    ];
  });
  const unique = [...new Map(values.map((v) => [v.symbol, v])).values()];
  if (unique.length === 0) return 0;
  await db
    .insert(coinPrices)
    .values(unique)
    .onConflictDoUpdate({
      target: coinPrices.symbol,
      set: {
        priceUsd: sql`excluded.price_usd`,
        change24hPct: sql`excluded.change_24h_pct`,
        marketCapUsd: sql`excluded.market_cap_usd`,
        sourceUpdatedAt: sql`excluded.source_updated_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  return unique.length;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Daily closes from the feed's chart points. A point at 00:00 UTC is the price at the end of
 * the day before, so each point counts for the day of the instant just before it; the last
 * point of a day is its close (for today, the latest price so far).
 */
export function dailyCloses(points: [number, unknown][]): { day: string; close: string }[] {
  const byDay = new Map<string, { at: number; close: string }>();
  for (const [at, price] of points) {
    const close = bounded(price, 0, 1e15, true);
    if (!close || !Number.isFinite(at)) continue;
    const day = utcDay(at - 1);
    const seen = byDay.get(day);
    if (!seen || seen.at < at) byDay.set(day, { at, close });
  }
  return [...byDay.entries()].map(([day, v]) => ({ day, close: v.close })).sort((a, b) => a.day.localeCompare(b.day));
}

async function refreshHistory(db: Db, endpoint: string, now: Date): Promise<void> {
  const coin = SUPPORTED_COINS.find((c) => c.symbol === HISTORY_SYMBOL)!;
  const [newest] = await db
    .select({ day: priceHistory.day })
    .from(priceHistory)
    .where(eq(priceHistory.symbol, coin.symbol))
    .orderBy(desc(priceHistory.day))
    .limit(1);
  // A first read takes a year; later ones only the days since the newest close (and that day again).
  const days = newest
    ? Math.min(365, Math.max(2, Math.ceil((now.getTime() - Date.parse(`${newest.day}T00:00:00Z`)) / DAY_MS) + 1))
    : 365;
  const closes = dailyCloses(await fetchPriceChart(endpoint, coin.coingeckoId, days, now));
  if (closes.length === 0) return;
  await db
    .insert(priceHistory)
    .values(closes.map((c) => ({ symbol: coin.symbol, day: c.day, closeUsd: c.close, updatedAt: now })))
    .onConflictDoUpdate({
      target: [priceHistory.symbol, priceHistory.day],
      set: { closeUsd: sql`excluded.close_usd`, updatedAt: sql`excluded.updated_at` },
    });
}
