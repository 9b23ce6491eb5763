import { desc, eq, max } from 'drizzle-orm';
import {
  PriceMsg,
  SUPPORTED_COINS,
  coinBySymbol,
  coinLogoUrl,
  type BtcHistory,
  type CryptoRate,
  type CryptoRates,
  type Market,
  type MarketItem,
} from '../../../contract/prices';
import type { DbOrTx } from '../../db/client';
import { coinPrices, priceHistory } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { decimalToNumber, divideDecimals, sumDecimals } from './decimal';
import { FALLBACK_AT, FALLBACK_DATE, FALLBACK_USD } from './fallback';

/**
 * The read side of prices: everything is answered from the database (or the shipped
 * fallback set), never by calling the feed, so a page never waits on the outside service.
 */

/** A coin's USD price as an exact decimal, with where it came from. */
export interface UsdQuote {
  symbol: string;
  priceUsd: string;
  lastUpdated: string;
  usingFallback: boolean;
}

type PriceRow = typeof coinPrices.$inferSelect;

const fallbackQuote = (symbol: string): UsdQuote => ({
  symbol,
  priceUsd: FALLBACK_USD[symbol]!,
  lastUpdated: FALLBACK_AT,
  usingFallback: true,
});
const cachedQuote = (row: PriceRow): UsdQuote => ({
  symbol: row.symbol,
  priceUsd: row.priceUsd,
  lastUpdated: row.updatedAt.toISOString(),
  usingFallback: false,
});

/**
 * The USD price of a supported coin: the last one read from the feed however old (its
 * `lastUpdated` says how old), else the shipped fallback. Null for an unsupported symbol.
 */
export async function quoteUsd(db: DbOrTx, symbol: string): Promise<UsdQuote | null> {
  const coin = coinBySymbol(symbol);
  if (!coin) return null;
  const [row] = await db.select().from(coinPrices).where(eq(coinPrices.symbol, coin.symbol));
  return quoteOf(coin.symbol, row);
}

const quoteOf = (symbol: string, row: PriceRow | undefined): UsdQuote =>
  row ? cachedQuote(row) : fallbackQuote(symbol);

const USD: UsdQuote = { symbol: 'USD', priceUsd: '1', lastUpdated: '', usingFallback: false };

type Quote = (symbol: string) => Promise<UsdQuote | null> | UsdQuote | null;

/** One pair's rate from `quote`'s USD prices; UNKNOWN_PAIR for a pair we do not price. */
async function rateOf(pair: string, quote: Quote): Promise<CryptoRate> {
  const [base, counter] = pair.toUpperCase().split('_') as [string, string];
  const side = async (s: string) => (s === 'USD' ? USD : quote(s));
  const [b, q] = await Promise.all([side(base), side(counter)]);
  if (!b || !q || b.symbol === q.symbol) throw new AppError('UNKNOWN_PAIR', PriceMsg.unknownPair(`${base}_${counter}`));
  const times = [b, q].filter((x) => x.symbol !== 'USD').map((x) => x.lastUpdated);
  return {
    symbol: `${base}_${counter}`,
    rate: decimalToNumber(divideDecimals(b.priceUsd, q.priceUsd)),
    // A cross rate is as old as its older side.
    lastUpdated: times.sort()[0] ?? null,
    usingFallback: b.usingFallback || q.usingFallback,
  };
}

/**
 * `BASE_QUOTE`: units of QUOTE per one BASE. BTC_USD is the USD price, USD_BTC its exact
 * inverse, BTC_ETH a cross rate. Throws NOT_FOUND (404) for a pair we do not price.
 */
export function getRate(db: DbOrTx, pair: string): Promise<CryptoRate> {
  return rateOf(pair, (symbol) => quoteUsd(db, symbol));
}

/**
 * Several pairs from one read of the price cache, in the order asked: each as `getRate` answers
 * it, a pair we do not price as its own refusal (code and message) in place.
 */
export async function getRates(db: DbOrTx, pairs: readonly string[]): Promise<CryptoRates['data']> {
  const rows = new Map((await db.select().from(coinPrices)).map((row) => [row.symbol, row]));
  const quote = (symbol: string) => {
    const coin = coinBySymbol(symbol);
    return coin ? quoteOf(coin.symbol, rows.get(coin.symbol)) : null;
  };
  return Promise.all(
    pairs.map((pair) =>
      rateOf(pair, quote).catch((err: unknown) => {
        if (!(err instanceof AppError)) throw err;
        return { symbol: pair, error: { code: err.code, message: err.message } };
      }),
    ),
  );
}

const num = (v: string | null) => (v === null ? null : decimalToNumber(v));

function toItem(coin: (typeof SUPPORTED_COINS)[number], row: PriceRow | undefined): MarketItem {
  const base = { id: coin.coingeckoId, symbol: coin.symbol, name: coin.name, image: coinLogoUrl(coin.symbol) };
  if (!row)
    return {
      ...base,
      current_price: decimalToNumber(FALLBACK_USD[coin.symbol]!),
      price_change_percentage_24h: null,
      market_cap: null,
      lastUpdated: FALLBACK_AT,
      usingFallback: true,
    };
  return {
    ...base,
    current_price: decimalToNumber(row.priceUsd),
    price_change_percentage_24h: num(row.change24hPct),
    market_cap: num(row.marketCapUsd),
    lastUpdated: row.updatedAt.toISOString(),
    usingFallback: false,
  };
}

const TOP = 3;

/** Every supported coin in list order, with gainers, losers and the total cap computed from the same rows. */
export async function getMarket(db: DbOrTx): Promise<Market> {
  const rows = await db.select().from(coinPrices);
  const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
  const data = SUPPORTED_COINS.map((c) => toItem(c, bySymbol.get(c.symbol)));
  // Array.sort is stable: equal changes keep list order.
  const withChange = data.filter((i) => i.price_change_percentage_24h !== null);
  const topGainers = withChange
    .filter((i) => i.price_change_percentage_24h! > 0)
    .sort((a, b) => b.price_change_percentage_24h! - a.price_change_percentage_24h!)
    .slice(0, TOP);
  const topLosers = withChange
    .filter((i) => i.price_change_percentage_24h! < 0)
    .sort((a, b) => a.price_change_percentage_24h! - b.price_change_percentage_24h!)
    .slice(0, TOP);
  const caps = rows.map((r) => r.marketCapUsd).filter((c): c is string => c !== null);
  const newest = rows.reduce<Date | null>((acc, r) => (!acc || r.updatedAt > acc ? r.updatedAt : acc), null);
  return {
    data,
    topGainers,
    topLosers,
    totalMarketCap: caps.length ? decimalToNumber(sumDecimals(caps)) : null,
    usingFallback: data.some((i) => i.usingFallback),
    lastUpdated: newest ? newest.toISOString() : FALLBACK_AT,
    fallbackDate: FALLBACK_DATE,
  };
}

/** The newest `days` daily BTC closes, oldest first (a gap while the feed was down stays a gap). */
export async function getBtcHistory(db: DbOrTx, days: number): Promise<BtcHistory> {
  const rows = await db
    .select()
    .from(priceHistory)
    .where(eq(priceHistory.symbol, 'BTC'))
    .orderBy(desc(priceHistory.day))
    .limit(days);
  const [latest] = await db
    .select({ at: max(priceHistory.updatedAt) })
    .from(priceHistory)
    .where(eq(priceHistory.symbol, 'BTC'));
  return {
    symbol: 'BTC',
    pair: 'BTCUSDT',
    data: rows.reverse().map((r) => ({ date: r.day, close: decimalToNumber(r.closeUsd) })),
    lastUpdated: latest?.at ? new Date(latest.at).toISOString() : null,
  };
}
