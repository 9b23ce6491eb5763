import { Landmark, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Market, MarketItem } from '../../../api/market';
import { Change } from './Change';
import { CoinLogo } from './CoinLogo';
import { formatBillions, formatPrice } from './format';

/** Spec §9: top gainers and losers, 3 each. */
const MOVERS = 3;

function MoversCard({
  title,
  icon: Icon,
  items,
  tone,
  testId,
}: {
  title: string;
  icon: LucideIcon;
  items: MarketItem[];
  tone: string;
  testId: string;
}) {
  const { t } = useTranslation('publicPages');
  return (
    <section className="card flex flex-col p-5" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`} className="flex items-center gap-2 text-base font-semibold">
        <Icon className={`size-5 ${tone}`} aria-hidden="true" />
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-4 flex-1 rounded-lg border border-dashed border-line p-4 text-sm text-muted">
          {t('markets.unavailable')}
        </p>
      ) : (
        <ol className="mt-4 flex flex-col divide-y divide-line">
          {items.slice(0, MOVERS).map((item) => (
            <li key={item.symbol} className="flex items-center gap-3 py-2.5" data-testid="mover">
              <CoinLogo symbol={item.symbol} src={item.image} size={32} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{item.name}</span>
                <span className="block text-xs text-muted tabular-nums">
                  {item.symbol} · {formatPrice(item.current_price)}
                </span>
              </span>
              <Change value={item.price_change_percentage_24h} className="text-sm" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function MarketCapCard({ market }: { market: Market }) {
  const { t } = useTranslation('publicPages');
  const { t: tp } = useTranslation('public');
  const cap = formatBillions(market.totalMarketCap, tp);
  return (
    <section className="card flex flex-col p-5" aria-labelledby="market-cap-title" data-testid="market-cap">
      <h2 id="market-cap-title" className="flex items-center gap-2 text-base font-semibold">
        <Landmark className="size-5 text-accent" aria-hidden="true" />
        {t('markets.cap.title')}
      </h2>
      {cap ? (
        <>
          <p
            className="mt-4 text-3xl font-extrabold tracking-tight tabular-nums sm:text-4xl"
            data-testid="market-cap-value"
          >
            {cap}
          </p>
          <p className="mt-2 text-sm text-muted">{t('markets.cap.lead', { count: market.data.length })}</p>
        </>
      ) : (
        <p className="mt-4 flex-1 rounded-lg border border-dashed border-line p-4 text-sm text-muted">
          {t('markets.unavailable')}
        </p>
      )}
    </section>
  );
}

/** Total Market Cap, Top Gainers and Top Losers, all computed by the server from its cache. */
export function Movers({ market }: { market: Market }) {
  const { t } = useTranslation('publicPages');
  return (
    <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
      <MarketCapCard market={market} />
      <MoversCard
        title={t('markets.gainers')}
        icon={TrendingUp}
        items={market.topGainers}
        tone="text-emerald-600 dark:text-emerald-400"
        testId="top-gainers"
      />
      <MoversCard
        title={t('markets.losers')}
        icon={TrendingDown}
        items={market.topLosers}
        tone="text-red-600 dark:text-red-400"
        testId="top-losers"
      />
    </div>
  );
}
