import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useUsdRates, type CryptoRates } from '../../../api/market';
import { PriceMsg } from '@contract/price-messages';
import { EXAMPLE_PORTFOLIO, portfolioTotal, valueAsset, type Asset, type Holding, type RateOutcome } from './portfolio';

const SYMBOLS = EXAMPLE_PORTFOLIO.map((h) => h.symbol);

type RateAnswer = CryptoRates['data'][number];

/** What the batch said of one holding: its rate, its own refusal, or why the whole request failed. */
function outcomeOf(h: Holding, answer: RateAnswer | undefined, requestError: unknown): RateOutcome {
  if (answer === undefined) return { failure: errorMessage(requestError, PriceMsg.invalidRate(h.symbol)) };
  if ('error' in answer) return { failure: answer.error.message };
  return { body: answer };
}

export interface Portfolio {
  assets: Asset[];
  total: number;
  /** The first rates are on their way (the blocking overlay). */
  loading: boolean;
  /** A refresh is on its way, the last rates still shown. */
  refreshing: boolean;
}

/** The example portfolio valued at the `{SYMBOL}_USD` rates, refreshed every 30 s; one object while nothing changes. */
export function useAssets(): Portfolio {
  const rates = useUsdRates(SYMBOLS);
  const loading = rates.isPending;
  const refreshing = !loading && rates.isFetching;
  // Stable while no rate changes (TanStack Query keeps an unchanged answer's identity), so the
  // chart does not redraw on every render.
  const { data, error } = rates;
  const assets = useMemo<Asset[]>(() => {
    const bySymbol = new Map(data?.data.map((answer) => [answer.symbol, answer]));
    return EXAMPLE_PORTFOLIO.map((h) => valueAsset(h, outcomeOf(h, bySymbol.get(`${h.symbol}_USD`), error)));
  }, [data, error]);
  return useMemo(() => ({ assets, total: portfolioTotal(assets), loading, refreshing }), [assets, loading, refreshing]);
}

/** The current time, ticking so the freshness indicator turns yellow on its own. */
export function useNow(everyMs = 5000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
