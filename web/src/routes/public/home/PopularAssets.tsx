import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarket } from '../../../api/market';
import { QueryView } from '../../../components/QueryView';
import { Change } from '../markets/Change';
import { CoinLogo } from '../markets/CoinLogo';
import { formatPrice } from '../markets/format';
import { MarketStatus } from '../markets/MarketStatus';

/** Spec §9: the first 12 coins of the supported list. */
export const POPULAR_ASSETS = 12;

export function PopularAssets() {
  const { t } = useTranslation('public');
  const market = useMarket();
  return (
    <section
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6"
      aria-labelledby="assets-title"
      data-testid="popular-assets"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="assets-title" className="text-3xl font-bold tracking-tight">
            {t('home.assets.title')}
          </h2>
          <p className="mt-2 text-muted">{t('home.assets.lead')}</p>
        </div>
        <Link to="/markets" className="btn-secondary">
          {t('home.assets.viewAll')}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      {market.data ? <MarketStatus market={market.data} className="mt-4" /> : null}
      <div className="mt-8">
        <QueryView
          query={market}
          fallback={t('home.assets.loadFailed')}
          pending={
            <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" aria-hidden="true">
              {Array.from({ length: POPULAR_ASSETS }, (_, i) => (
                <li key={i} className="card h-24 animate-pulse" />
              ))}
            </ul>
          }
        >
          {(data) => (
            <ul className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
              {data.data.slice(0, POPULAR_ASSETS).map((item) => (
                <li key={item.symbol} className="card flex items-center gap-3 p-4" data-testid="popular-asset">
                  <CoinLogo symbol={item.symbol} src={item.image} size={40} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold">{item.name}</p>
                    <p className="text-xs text-muted">{item.symbol}</p>
                  </div>
                  <div className="text-right">
                    <p className="font-semibold tabular-nums">{formatPrice(item.current_price)}</p>
                    <Change value={item.price_change_percentage_24h} className="text-xs" />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </div>
    </section>
  );
}
