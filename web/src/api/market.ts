import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { BtcHistory, CryptoRate, Market, MarketItem } from '@contract/prices';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const pricesApi = apiOf('pricesApi');

/** Hooks of the public market pages: the cached market list, BTC history and live rates. */
export type { BtcHistory, CryptoRate, Market, MarketItem };

/** The server refreshes its cache every minute at most, so polling faster gains nothing. */
const MARKET_REFRESH_MS = 60_000;
/** Spec §9: asset rates are fetched at start and every 30 s. */
export const ASSET_REFRESH_MS = 30_000;

export function useMarket() {
  return useQuery({
    queryKey: keyOf(pricesApi.market),
    queryFn: ({ signal }) => call(pricesApi.market, {}, { signal }),
    refetchInterval: MARKET_REFRESH_MS,
  });
}

export function useBtcHistory(days: number) {
  return useQuery({
    queryKey: keyOf(pricesApi.btcHistory, { query: { days } }),
    queryFn: ({ signal }) => call(pricesApi.btcHistory, { query: { days } }, { signal }),
    staleTime: 10 * 60_000,
    // Switching the range keeps the current line on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/** `{SYMBOL}_USD` for each symbol, refreshed every 30 s; results come back in symbol order. */
export function useUsdRates(symbols: readonly string[]) {
  return useQueries({
    queries: symbols.map((symbol) => ({
      queryKey: keyOf(pricesApi.rate, { params: { symbol: `${symbol}_USD` } }),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(pricesApi.rate, { params: { symbol: `${symbol}_USD` } }, { signal }),
      refetchInterval: ASSET_REFRESH_MS,
      staleTime: ASSET_REFRESH_MS,
      // A failed rate falls back per asset at once; retrying only delays the page.
      retry: false,
    })),
  });
}
