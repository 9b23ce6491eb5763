import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/Notice';
import { translateMessage } from '../../../i18n/messages';
import { formatMoney, formatNumber } from '../../../lib/format';
import { CoinLogo } from '../markets/CoinLogo';
import { formatPrice, formatShare } from '../markets/format';
import { FreshnessIndicator } from './Freshness';
import { assetColor } from './palette';
import { shareOf, type Asset } from './portfolio';

const amount = (n: number) => formatNumber(n, { maximumFractionDigits: 8 });

/** The clickable asset list: picking one shows it in the details panel and on the donut. */
export function AssetList({
  assets,
  total,
  selected,
  onSelect,
}: {
  assets: Asset[];
  total: number;
  selected: string | null;
  onSelect: (symbol: string) => void;
}) {
  const { t } = useTranslation('publicPages');
  return (
    <ul className="flex flex-col gap-1" aria-label={t('assets.list')} data-testid="asset-list">
      {assets.map((asset, i) => {
        const active = asset.symbol === selected;
        return (
          <li key={asset.symbol}>
            <button
              type="button"
              onClick={() => onSelect(asset.symbol)}
              aria-pressed={active}
              data-testid={`asset-${asset.symbol}`}
              className={`flex w-full items-center gap-3 rounded-lg border px-3 py-2 text-left transition-colors ${active ? 'border-accent-bg bg-surface-2' : 'border-transparent hover:bg-surface-2'}`}
            >
              <span
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: assetColor(i) }}
                aria-hidden="true"
              />
              <CoinLogo symbol={asset.symbol} size={28} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{asset.name}</span>
                <span className="block text-xs text-muted">
                  {amount(asset.balance)} {asset.symbol}
                </span>
              </span>
              <span className="text-right">
                <span className="block font-semibold tabular-nums">{formatMoney(asset.value)}</span>
                <span className="block text-xs text-muted tabular-nums">
                  {formatShare(shareOf(asset.value, total))}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function AssetDetails({ asset, total, now }: { asset: Asset | undefined; total: number; now: number }) {
  const { t } = useTranslation('publicPages');
  if (!asset) return <p className="text-sm text-muted">{t('assets.details.select')}</p>;
  return (
    <div data-testid="asset-details" aria-live="polite">
      <div className="flex items-center gap-3">
        <CoinLogo symbol={asset.symbol} size={44} />
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-bold">{asset.name}</h3>
          <p className="text-sm text-muted">{asset.symbol}</p>
        </div>
        {asset.usingFallback ? (
          <Badge tone="warning">{t('assets.referenceRate')}</Badge>
        ) : (
          <Badge tone="success">{t('assets.liveRate')}</Badge>
        )}
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="text-muted">{t('assets.column.balance')}</dt>
          <dd className="font-semibold tabular-nums">
            {amount(asset.balance)} {asset.symbol}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('assets.column.rate')}</dt>
          <dd className="font-semibold tabular-nums">{formatPrice(asset.rate)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('assets.column.value')}</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(asset.value)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('assets.details.share')}</dt>
          <dd className="font-semibold tabular-nums">{formatShare(shareOf(asset.value, total))}</dd>
        </div>
      </dl>
      <div className="mt-4">
        <FreshnessIndicator lastUpdated={asset.lastUpdated} now={now} label={t('assets.freshness.rateUpdated')} />
      </div>
      {asset.problem ? (
        <p className="mt-3 flex items-start gap-2 text-sm text-danger" data-testid="asset-problem">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('assets.details.problem', { problem: translateMessage(asset.problem) })}
        </p>
      ) : asset.usingFallback ? (
        <p className="mt-3 text-sm text-muted">{t('assets.details.serverFallback')}</p>
      ) : null}
    </div>
  );
}

/** Narrow screens: one stacked row per asset instead of a table that scrolls sideways. */
function PortfolioRows({ assets, total }: { assets: Asset[]; total: number }) {
  const { t } = useTranslation('publicPages');
  return (
    <ul className="flex flex-col divide-y divide-line sm:hidden" data-testid="portfolio-rows">
      {assets.map((asset) => (
        <li key={asset.symbol} className="flex items-center gap-3 py-3">
          <CoinLogo symbol={asset.symbol} size={28} />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {asset.name}
              {asset.usingFallback ? (
                <span className="ml-1 text-xs font-normal whitespace-nowrap text-muted">
                  {t('assets.referenceRateNote')}
                </span>
              ) : null}
            </p>
            <p className="text-xs text-muted tabular-nums">
              {amount(asset.balance)} {asset.symbol} × {formatPrice(asset.rate)}
            </p>
          </div>
          <div className="text-right">
            <p className="font-semibold tabular-nums">{formatMoney(asset.value)}</p>
            <p className="text-xs text-muted tabular-nums">{formatShare(shareOf(asset.value, total))}</p>
          </div>
        </li>
      ))}
      <li className="flex justify-between py-3 font-semibold">
        <span>{t('assets.column.total')}</span>
        <span className="tabular-nums">{formatMoney(total)}</span>
      </li>
    </ul>
  );
}

export function PortfolioTable({ assets, total }: { assets: Asset[]; total: number }) {
  return (
    <>
      <PortfolioRows assets={assets} total={total} />
      <PortfolioGrid assets={assets} total={total} />
    </>
  );
}

function PortfolioGrid({ assets, total }: { assets: Asset[]; total: number }) {
  const { t } = useTranslation('publicPages');
  return (
    <div
      className="hidden overflow-x-auto sm:block"
      tabIndex={0}
      role="region"
      aria-label={t('assets.portfolio.table')}
    >
      <table className="w-full min-w-[36rem] text-sm" data-testid="portfolio-table">
        <thead className="text-left text-muted">
          <tr className="border-b border-line">
            <th scope="col" className="py-3 pr-2 font-semibold">
              {t('assets.column.asset')}
            </th>
            <th scope="col" className="px-2 py-3 text-right font-semibold">
              {t('assets.column.balance')}
            </th>
            <th scope="col" className="px-2 py-3 text-right font-semibold">
              {t('assets.column.rate')}
            </th>
            <th scope="col" className="px-2 py-3 text-right font-semibold">
              {t('assets.column.value')}
            </th>
            <th scope="col" className="py-3 pl-2 text-right font-semibold">
              {t('assets.column.share')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {assets.map((asset) => (
            <tr key={asset.symbol}>
              <th scope="row" className="py-2.5 pr-2 text-left font-normal">
                <span className="flex items-center gap-2">
                  <CoinLogo symbol={asset.symbol} size={24} />
                  <span className="font-semibold">{asset.name}</span>
                  {asset.usingFallback ? (
                    <span
                      className="text-xs whitespace-nowrap text-muted"
                      title={asset.problem ? translateMessage(asset.problem) : t('assets.referenceRate')}
                    >
                      {t('assets.referenceRateNote')}
                    </span>
                  ) : null}
                </span>
              </th>
              <td className="px-2 py-2.5 text-right tabular-nums">
                {amount(asset.balance)} {asset.symbol}
              </td>
              <td className="px-2 py-2.5 text-right tabular-nums">{formatPrice(asset.rate)}</td>
              <td className="px-2 py-2.5 text-right tabular-nums">{formatMoney(asset.value)}</td>
              <td className="py-2.5 pl-2 text-right tabular-nums">{formatShare(shareOf(asset.value, total))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-line font-semibold">
            <th scope="row" colSpan={3} className="py-3 pr-2 text-left">
              {t('assets.column.total')}
            </th>
            <td className="px-2 py-3 text-right tabular-nums" data-testid="portfolio-table-total">
              {formatMoney(total)}
            </td>
            <td className="py-3 pl-2 text-right tabular-nums">{formatShare(total > 0 ? 100 : 0)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
