import { z } from 'zod';
import { PriceMsg } from './price-messages';
import { text } from './text';
import { route } from './route';

/**
 * Market data (spec §3 Asset, Market item; §7 Utilities). The server reads a
 * CoinGecko-compatible feed on a schedule and answers only from its database, so no page
 * ever waits on the outside service. Prices travel as numbers; the server keeps them as
 * exact decimals.
 */

export interface SupportedCoin {
  symbol: string;
  name: string;
  /** The feed's id (CoinGecko's). */
  coingeckoId: string;
  /** Brand colour, for the generated logo badge and charts. */
  color: string;
}

/**
 * The 38 supported coins, from Bitcoin BTC to Harmony ONE. Pages take their slices from the
 * front of this order: the marquee the first 8, Popular Mined Assets the first 12.
 */
export const SUPPORTED_COINS: readonly SupportedCoin[] = [
  { symbol: 'BTC', name: 'Bitcoin', coingeckoId: 'bitcoin', color: '#F7931A' },
  { symbol: 'ETH', name: 'Ethereum', coingeckoId: 'ethereum', color: '#627EEA' },
  { symbol: 'USDT', name: 'Tether', coingeckoId: 'tether', color: '#26A17B' },
  { symbol: 'BNB', name: 'BNB', coingeckoId: 'binancecoin', color: '#F3BA2F' },
  { symbol: 'SOL', name: 'Solana', coingeckoId: 'solana', color: '#9945FF' },
  { symbol: 'XRP', name: 'Ripple', coingeckoId: 'ripple', color: '#23292F' },
  { symbol: 'USDC', name: 'USD Coin', coingeckoId: 'usd-coin', color: '#2775CA' },
  { symbol: 'ADA', name: 'Cardano', coingeckoId: 'cardano', color: '#0033AD' },
  { symbol: 'DOGE', name: 'Dogecoin', coingeckoId: 'dogecoin', color: '#C2A633' },
  { symbol: 'TRX', name: 'TRON', coingeckoId: 'tron', color: '#EF0027' },
  { symbol: 'AVAX', name: 'Avalanche', coingeckoId: 'avalanche-2', color: '#E84142' },
  { symbol: 'DOT', name: 'Polkadot', coingeckoId: 'polkadot', color: '#E6007A' },
  { symbol: 'LINK', name: 'Chainlink', coingeckoId: 'chainlink', color: '#2A5ADA' },
  { symbol: 'LTC', name: 'Litecoin', coingeckoId: 'litecoin', color: '#345D9D' },
  { symbol: 'BCH', name: 'Bitcoin Cash', coingeckoId: 'bitcoin-cash', color: '#8DC351' },
  { symbol: 'UNI', name: 'Uniswap', coingeckoId: 'uniswap', color: '#FF007A' },
  { symbol: 'XLM', name: 'Stellar', coingeckoId: 'stellar', color: '#14B6E7' },
  { symbol: 'ATOM', name: 'Cosmos', coingeckoId: 'cosmos', color: '#2E3148' },
  { symbol: 'XMR', name: 'Monero', coingeckoId: 'monero', color: '#FF6600' },
  { symbol: 'ETC', name: 'Ethereum Classic', coingeckoId: 'ethereum-classic', color: '#328332' },
  { symbol: 'FIL', name: 'Filecoin', coingeckoId: 'filecoin', color: '#0090FF' },
  { symbol: 'ALGO', name: 'Algorand', coingeckoId: 'algorand', color: '#000000' },
  { symbol: 'VET', name: 'VeChain', coingeckoId: 'vechain', color: '#15BDFF' },
  { symbol: 'ICP', name: 'Internet Computer', coingeckoId: 'internet-computer', color: '#29ABE2' },
  { symbol: 'HBAR', name: 'Hedera', coingeckoId: 'hedera-hashgraph', color: '#222222' },
  { symbol: 'NEAR', name: 'NEAR Protocol', coingeckoId: 'near', color: '#00C08B' },
  { symbol: 'AAVE', name: 'Aave', coingeckoId: 'aave', color: '#B6509E' },
  { symbol: 'GRT', name: 'The Graph', coingeckoId: 'the-graph', color: '#6747ED' },
  { symbol: 'XTZ', name: 'Tezos', coingeckoId: 'tezos', color: '#2C7DF7' },
  { symbol: 'EOS', name: 'EOS', coingeckoId: 'eos', color: '#443F54' },
  { symbol: 'ZEC', name: 'Zcash', coingeckoId: 'zcash', color: '#ECB244' },
  { symbol: 'DASH', name: 'Dash', coingeckoId: 'dash', color: '#008CE7' },
  { symbol: 'MANA', name: 'Decentraland', coingeckoId: 'decentraland', color: '#FF2D55' },
  { symbol: 'SAND', name: 'The Sandbox', coingeckoId: 'the-sandbox', color: '#00ADEF' },
  { symbol: 'KSM', name: 'Kusama', coingeckoId: 'kusama', color: '#333333' },
  { symbol: 'SRM', name: 'Serum', coingeckoId: 'serum', color: '#3AC1D6' },
  { symbol: 'RAY', name: 'Raydium', coingeckoId: 'raydium', color: '#8C6EEF' },
  { symbol: 'ONE', name: 'Harmony', coingeckoId: 'harmony', color: '#00AEE9' },
];

const BY_SYMBOL = new Map(SUPPORTED_COINS.map((c) => [c.symbol, c]));
/** Other spellings of a supported symbol (the deposit screens' USDT-TRON is USDT). */
const ALIASES: Record<string, string> = { 'USDT-TRON': 'USDT' };

export function coinBySymbol(symbol: string): SupportedCoin | undefined {
  const s = symbol.toUpperCase();
  return BY_SYMBOL.get(ALIASES[s] ?? s);
}

export { coinLogoUrl, GENERIC_COIN_LOGO } from './coin-logos';

export { PriceMsg };

const PAIR = /^[A-Z0-9]{2,10}(-[A-Z0-9]{2,10})?_[A-Z0-9]{2,10}(-[A-Z0-9]{2,10})?$/;

/** `GET /api/utils/crypto-rates/:symbol`: a pair like BTC_USD (USD per BTC) or USD_BTC (BTC per USD). */
export const zRatePairParams = z.object({
  symbol: text().trim().toUpperCase().regex(PAIR, PriceMsg.malformedPair),
});

/** How many pairs one `GET /api/utils/crypto-rates?pairs=` may ask for: every supported coin's. */
export const MAX_RATE_PAIRS = 40;

/** `GET /api/utils/crypto-rates?pairs=BTC_USD,ETH_USD`: several pairs, comma-separated, answered in order. */
export const zRatePairsQuery = z.object({
  pairs: text()
    .max(MAX_RATE_PAIRS * 44)
    .transform((list) => list.split(',').map((pair) => pair.trim().toUpperCase()))
    .pipe(
      z
        .array(z.string().regex(PAIR, PriceMsg.malformedPair))
        .min(1, PriceMsg.malformedPair)
        .max(MAX_RATE_PAIRS, PriceMsg.tooManyPairs(MAX_RATE_PAIRS)),
    ),
});

export const zCryptoRate = z.object({
  /** The pair as asked, upper case, e.g. `BTC_USD`. */
  symbol: z.string(),
  /** Units of the second currency per one unit of the first. */
  rate: z.number().positive(),
  /** When the rate was read from the feed (ISO); for the shipped fallback, the fallback set's date. */
  lastUpdated: z.string().nullable(),
  /** True when no live rate has ever been read and the shipped fallback set answered. */
  usingFallback: z.boolean(),
});
export type CryptoRate = z.infer<typeof zCryptoRate>;

/** One pair of a batch that has no rate: what its own request would have answered, per pair. */
export const zRateRefused = z.object({
  symbol: z.string(),
  error: z.object({ code: z.string(), message: z.string() }),
});

/** The pairs in the order asked; a pair we do not price is refused on its own, the others still answer. */
export const zCryptoRates = z.object({ data: z.array(z.union([zCryptoRate, zRateRefused])) });
export type CryptoRates = z.infer<typeof zCryptoRates>;

/** One coin as the market pages show it; the price fields keep CoinGecko's names, as in spec §3. */
export const zMarketItem = z.object({
  /** The feed's coin id, e.g. `bitcoin`. */
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  /** Logo shipped with the app. */
  image: z.string(),
  current_price: z.number().positive(),
  price_change_percentage_24h: z.number().nullable(),
  market_cap: z.number().nullable(),
  lastUpdated: z.string().nullable(),
  usingFallback: z.boolean(),
});
export type MarketItem = z.infer<typeof zMarketItem>;

/** `GET /api/utils/market`: every supported coin in list order, plus figures computed from them. */
export const zMarket = z.object({
  data: z.array(zMarketItem),
  /** Up to 3 coins with the largest positive 24 h change, largest first. */
  topGainers: z.array(zMarketItem),
  /** Up to 3 coins with the largest negative 24 h change, steepest first. */
  topLosers: z.array(zMarketItem),
  /** Sum of the supported coins' market caps in USD; null when none is known. */
  totalMarketCap: z.number().nullable(),
  /** True when any coin is served from the shipped fallback set. */
  usingFallback: z.boolean(),
  /** The newest live read (ISO), else the fallback set's date. */
  lastUpdated: z.string().nullable(),
  /** Date (YYYY-MM-DD) of the shipped fallback prices, shown beside them. */
  fallbackDate: z.string(),
});
export type Market = z.infer<typeof zMarket>;

export const BTC_HISTORY_MAX_DAYS = 365;
export const zBtcHistoryQuery = z.object({
  days: z.coerce
    .number()
    .int('days must be a whole number')
    .min(1, 'days must be between 1 and 365')
    .max(BTC_HISTORY_MAX_DAYS, 'days must be between 1 and 365')
    .default(30),
});

/** `GET /api/utils/market/btc-history?days=N`: daily closes (UTC days), oldest first. */
export const zBtcHistory = z.object({
  symbol: z.literal('BTC'),
  /** The chart's label, as the spec names it. */
  pair: z.literal('BTCUSDT'),
  data: z.array(z.object({ date: z.string(), close: z.number().positive() })),
  /** When the history was last read from the feed; null when it never was (empty data). */
  lastUpdated: z.string().nullable(),
});
export type BtcHistory = z.infer<typeof zBtcHistory>;

/** `GET /api/utils/coin-logos/:file`: a logo file name such as `btc.svg`. */
export const zCoinLogoParams = z.object({
  file: text().regex(/^[A-Za-z0-9-]{1,20}\.svg$/, 'Not a logo file name'),
});

/** Public market data, answered from the database cache only; no login needed. */
export const pricesApi = {
  rate: route({
    method: 'GET',
    path: '/utils/crypto-rates/:symbol',
    tag: 'prices',
    summary: 'Rate of a pair from the cache: BTC_USD (USD per BTC), USD_BTC (BTC per USD), BTC_ETH',
    access: 'public',
    params: zRatePairParams,
    response: zCryptoRate,
    errors: ['UNKNOWN_PAIR'],
  }),
  rates: route({
    method: 'GET',
    path: '/utils/crypto-rates',
    tag: 'prices',
    summary:
      'Rates of several pairs in one request (`pairs=BTC_USD,ETH_USD`, up to 40), in the order asked; an unknown pair answers its own error in place',
    access: 'public',
    query: zRatePairsQuery,
    response: zCryptoRates,
    errors: [],
  }),
  market: route({
    method: 'GET',
    path: '/utils/market',
    tag: 'prices',
    summary: 'Cached market data of the supported coins, top gainers and losers, total market cap',
    access: 'public',
    response: zMarket,
    errors: [],
  }),
  btcHistory: route({
    method: 'GET',
    path: '/utils/market/btc-history',
    tag: 'prices',
    summary: 'Daily BTC closes in USD for the Markets chart (UTC days, oldest first)',
    access: 'public',
    query: zBtcHistoryQuery,
    response: zBtcHistory,
    errors: [],
  }),
  /** An SVG, not JSON; errors are the usual `{ message, code }`. */
  coinLogo: route({
    method: 'GET',
    path: '/utils/coin-logos/:file',
    tag: 'prices',
    summary:
      'A coin logo shipped with the app (image/svg+xml); generic.svg for the generic one; errors are the usual JSON',
    access: 'public',
    params: zCoinLogoParams,
    response: null,
    errors: ['NOT_FOUND'],
  }),
};
