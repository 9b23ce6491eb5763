import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BtcHistory, CryptoRate, CryptoRates, Market, MarketItem } from '@contract/prices';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const pricesApi = apiOf('pricesApi');

/** Hooks of the public market pages: the cached market list, BTC history and live rates. */
export type { BtcHistory, CryptoRate, CryptoRates, Market, MarketItem };

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

/**
 * `{SYMBOL}_USD` for each symbol, in one request, refreshed every 30 s. A pair the server cannot
 * price comes back as its own error in the answer, so one coin's failure leaves the others' rates.
 */
export function useUsdRates(symbols: readonly string[]) {
  const pairs = symbols.map((symbol) => `${symbol}_USD`).join(',');
  return useQuery({
    queryKey: keyOf(pricesApi.rates, { query: { pairs } }),
    queryFn: ({ signal }) => call(pricesApi.rates, { query: { pairs } }, { signal }),
    refetchInterval: ASSET_REFRESH_MS,
    staleTime: ASSET_REFRESH_MS,
    // A failed request falls back per asset at once; retrying only delays the page.
    retry: false,
  });
}
