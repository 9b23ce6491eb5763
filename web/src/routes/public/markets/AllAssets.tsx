import { useTranslation } from 'react-i18next';
import type { MarketItem } from '../../../api/market';
import { Change } from './Change';
import { CoinLogo } from './CoinLogo';
import { formatBillions, formatPrice } from './format';

/** Every supported coin with its price, 24 h change and market cap (the target of "View All Assets"). */
export function AllAssets({ items }: { items: MarketItem[] }) {
  const { t } = useTranslation('publicPages');
  const { t: tp } = useTranslation('public');
  return (
    <section className="card min-w-0" aria-labelledby="all-assets-title" data-testid="all-assets">
      <header className="border-b border-line px-5 py-4">
        <h2 id="all-assets-title" className="text-base font-semibold">
          {t('markets.allAssets.title')}
        </h2>
        <p className="mt-0.5 text-sm text-muted">{t('markets.allAssets.lead', { count: items.length })}</p>
      </header>
      {items.length === 0 ? (
        <p className="p-6 text-center text-muted">{t('markets.allAssets.empty')}</p>
      ) : (
        // The table scrolls inside its card on narrow screens instead of widening the page.
        <div className="max-h-[32rem] overflow-auto" tabIndex={0} role="region" aria-labelledby="all-assets-title">
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-surface text-left text-muted">
              <tr>
                <th scope="col" className="hidden px-5 py-3 font-semibold sm:table-cell">
                  #
                </th>
                <th scope="col" className="py-3 pr-2 pl-4 font-semibold sm:pl-2">
                  {t('markets.allAssets.coin')}
                </th>
                <th scope="col" className="px-2 py-3 text-right font-semibold">
                  {t('markets.allAssets.price')}
                </th>
                <th scope="col" className="py-3 pr-4 pl-2 text-right font-semibold sm:pr-2">
                  {t('markets.allAssets.change24h')}
                </th>
                <th scope="col" className="hidden px-5 py-3 text-right font-semibold sm:table-cell">
                  {t('markets.allAssets.marketCap')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {items.map((item, i) => (
                <tr key={item.symbol}>
                  <td className="hidden px-5 py-2.5 text-muted tabular-nums sm:table-cell">{i + 1}</td>
                  <th scope="row" className="py-2.5 pr-2 pl-4 text-left font-normal sm:pl-2">
                    <span className="flex items-center gap-2">
                      <CoinLogo symbol={item.symbol} src={item.image} size={24} />
                      <span className="font-semibold">{item.name}</span>
                      <span className="hidden text-muted min-[400px]:inline">{item.symbol}</span>
                    </span>
                  </th>
                  <td className="px-1.5 py-2.5 text-right tabular-nums sm:px-2">{formatPrice(item.current_price)}</td>
                  <td className="py-2.5 pr-4 pl-2 text-right sm:pr-2">
                    <Change value={item.price_change_percentage_24h} iconClassName="hidden sm:inline" />
                  </td>
                  <td className="hidden px-5 py-2.5 text-right tabular-nums sm:table-cell">
                    {formatBillions(item.market_cap, tp) ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
