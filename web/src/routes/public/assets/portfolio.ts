import type { TFunction } from 'i18next';
import { PriceMsg } from '@contract/price-messages';

/**
 * Valuation rules of the Asset Management page (spec §2, §3 Asset, §5 live crypto rate,
 * §9). The holdings are an example portfolio for illustration, not anyone's account; the
 * values are display figures, never money that moves, so plain numbers are fine here.
 */

export interface Holding {
  name: string;
  symbol: string;
  balance: number;
  /** USD value of the balance at the reference rate; fallback rate = value / balance. */
  referenceValue: number;
}

/** Spec §3: the fallback set of ten coins, each with a balance and a USD value. */
export const EXAMPLE_PORTFOLIO: readonly Holding[] = [
  { name: 'Bitcoin', symbol: 'BTC', balance: 0.85, referenceValue: 79_900 },
  { name: 'Ethereum', symbol: 'ETH', balance: 12, referenceValue: 40_200 },
  { name: 'Litecoin', symbol: 'LTC', balance: 150, referenceValue: 15_750 },
  { name: 'Ripple', symbol: 'XRP', balance: 8_000, referenceValue: 18_800 },
  { name: 'Cardano', symbol: 'ADA', balance: 20_000, referenceValue: 18_000 },
  { name: 'Polkadot', symbol: 'DOT', balance: 1_200, referenceValue: 8_400 },
  { name: 'Uniswap', symbol: 'UNI', balance: 600, referenceValue: 8_100 },
  { name: 'Solana', symbol: 'SOL', balance: 90, referenceValue: 17_100 },
  { name: 'Serum', symbol: 'SRM', balance: 25_000, referenceValue: 750 },
  { name: 'Raydium', symbol: 'RAY', balance: 2_000, referenceValue: 10_000 },
];

/** Spec §9: a rate is fresh when updated within 300 s. */
export const FRESH_SECONDS = 300;

export interface Asset {
  name: string;
  symbol: string;
  balance: number;
  rate: number;
  value: number;
  lastUpdated: string | null;
  /** True when the live rate failed (or the server itself answered from its shipped set). */
  usingFallback: boolean;
  /** Why the live rate was not used, e.g. 'Invalid rate response for BTC'. */
  problem: string | null;
}

/** What the rate call gave: its body when it answered, or the failure's message. */
export type RateOutcome = { body: unknown } | { failure: string };

export const fallbackRate = (h: Holding): number => h.referenceValue / h.balance;

const cents = (n: number) => Math.round(n * 100) / 100;

function fallback(h: Holding, problem: string): Asset {
  return {
    name: h.name,
    symbol: h.symbol,
    balance: h.balance,
    rate: fallbackRate(h),
    value: cents(h.referenceValue),
    lastUpdated: null,
    usingFallback: true,
    problem,
  };
}

/**
 * Values a holding at its live rate. Spec §5: the response must carry a non-null rate,
 * else 'Invalid rate response for {symbol}'; the rate must be a number above 0 and the
 * value not negative, else the reference rate is used and the asset is marked fallback.
 */
export function valueAsset(h: Holding, outcome: RateOutcome): Asset {
  if ('failure' in outcome) return fallback(h, outcome.failure);
  const body = (typeof outcome.body === 'object' && outcome.body !== null ? outcome.body : {}) as Record<
    string,
    unknown
  >;
  const rate = body.rate;
  if (rate === null || rate === undefined) return fallback(h, PriceMsg.invalidRate(h.symbol));
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0)
    return fallback(h, PriceMsg.invalidRate(h.symbol));
  const value = cents(h.balance * rate);
  if (!(value >= 0)) return fallback(h, PriceMsg.invalidRate(h.symbol));
  return {
    name: h.name,
    symbol: h.symbol,
    balance: h.balance,
    rate,
    value,
    lastUpdated: typeof body.lastUpdated === 'string' ? body.lastUpdated : null,
    usingFallback: body.usingFallback === true,
    problem: null,
  };
}

export function portfolioTotal(assets: readonly Asset[]): number {
  return cents(assets.reduce((sum, a) => sum + a.value, 0));
}

/** Share of the portfolio in percent, 2 decimals; 0 for an empty portfolio. */
export function shareOf(value: number, total: number): number {
  return total > 0 ? Math.round((value / total) * 10_000) / 100 : 0;
}

export type Freshness = { state: 'fresh' | 'stale'; seconds: number } | { state: 'never' };

/** Green within 300 s, else yellow; "Never" when no time is known. */
export function freshness(lastUpdated: string | null | undefined, now: number): Freshness {
  const at = lastUpdated ? Date.parse(lastUpdated) : NaN;
  if (Number.isNaN(at)) return { state: 'never' };
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  return { state: seconds <= FRESH_SECONDS ? 'fresh' : 'stale', seconds };
}

/** The newest rate time among the assets (the indicator's subject), or null. */
export function newestUpdate(assets: readonly Asset[]): string | null {
  let best: string | null = null;
  for (const a of assets)
    if (a.lastUpdated && (!best || Date.parse(a.lastUpdated) > Date.parse(best))) best = a.lastUpdated;
  return best;
}

/** "42 s ago", "5 min ago", "3 h ago", "12 days ago", in the language of `t`. */
export function formatAge(seconds: number, t: TFunction<'publicPages'>): string {
  if (seconds < 60) return t('assets.age.seconds', { count: seconds });
  if (seconds < 3600) return t('assets.age.minutes', { count: Math.floor(seconds / 60) });
  if (seconds < 86_400) return t('assets.age.hours', { count: Math.floor(seconds / 3600) });
  return t('assets.age.days', { count: Math.floor(seconds / 86_400) });
}
