import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useUsdRates } from '../../../api/market';
import { PriceMsg } from '@contract/price-messages';
import { EXAMPLE_PORTFOLIO, portfolioTotal, valueAsset, type Asset } from './portfolio';

const SYMBOLS = EXAMPLE_PORTFOLIO.map((h) => h.symbol);

/** The example portfolio valued at the `{SYMBOL}_USD` rates, refreshed every 30 s. */
export function useAssets() {
  const rates = useUsdRates(SYMBOLS);
  const loading = rates.some((r) => r.isPending);
  const refreshing = !loading && rates.some((r) => r.isFetching);
  // Stable while no rate changes, so the chart does not redraw on every render.
  const key = rates.map((r) => `${r.dataUpdatedAt}:${r.errorUpdatedAt}`).join('|');
  const assets = useMemo<Asset[]>(
    () =>
      EXAMPLE_PORTFOLIO.map((h, i) => {
        const r = rates[i];
        if (r?.data !== undefined) return valueAsset(h, { body: r.data });
        return valueAsset(h, { failure: errorMessage(r?.error, PriceMsg.invalidRate(h.symbol)) });
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the rates' contents
    [key],
  );
  return { assets, total: portfolioTotal(assets), loading, refreshing };
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
