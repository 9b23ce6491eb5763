import { LoaderCircle, PieChart, Wallet } from 'lucide-react';
import type { ParseKeys } from 'i18next';
import { lazy, memo, Suspense, useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/Card';
import { Notice } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { formatMoney } from '../../../lib/format';
import { useNearScreen } from '../../../lib/useNearScreen';
import { usePageMeta } from '../../../lib/usePageMeta';
import { AssetDetails, AssetList, PortfolioTable } from './AssetPanels';
import { FreshnessIndicator } from './Freshness';
import { newestUpdate } from './portfolio';
import { useAssets, useNow, type Portfolio as PortfolioState } from './useAssets';

// chart.js loads after the figures are on screen, as the reader nears the donut.
const PortfolioDonut = lazy(() => import('./PortfolioDonut'));

/** How the figures are made, in the "About these figures" card. */
const EXPLANATION: { title: ParseKeys<'publicPages'>; text: ParseKeys<'publicPages'> }[] = [
  { title: 'assets.explanation.values.title', text: 'assets.explanation.values.text' },
  { title: 'assets.explanation.diversify.title', text: 'assets.explanation.diversify.text' },
  { title: 'assets.explanation.freshness.title', text: 'assets.explanation.freshness.text' },
];

function Hero() {
  const { t } = useTranslation('publicPages');
  return (
    <section className="relative overflow-hidden bg-[#0b1220] text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,181,36,0.2),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(56,189,248,0.14),transparent_50%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
        <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">{t('assets.eyebrow')}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{t('assets.heading')}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-300">{t('assets.lead')}</p>
      </div>
    </section>
  );
}

/** Spec §2: the blocking overlay while the asset values load. */
function UpdatingOverlay() {
  const { t } = useTranslation('publicPages');
  return (
    <div
      className="absolute inset-0 z-20 flex items-start justify-center bg-page/80 pt-32 backdrop-blur-sm"
      role="status"
      data-testid="assets-overlay"
    >
      <div className="card flex items-center gap-3 px-6 py-4 shadow-lg">
        <LoaderCircle className="size-6 animate-spin text-accent" aria-hidden="true" />
        <span className="font-semibold">{t('assets.updating')}</span>
      </div>
    </div>
  );
}

export function Component() {
  const { t } = useTranslation('publicPages');
  usePageMeta({ title: t('assets.metaTitle'), description: t('assets.metaDescription') });
  // The rates arrive as a store update, which React draws at once and in one piece (on a phone, a
  // long task of the whole portfolio). The portfolio is drawn from a deferred copy instead: React
  // draws it in the background, in slices that leave the browser its turns.
  const portfolio = useDeferredValue(useAssets());
  const now = useNow();
  return (
    <>
      <Hero />
      <Portfolio {...portfolio} now={now} />
    </>
  );
}

const Portfolio = memo(function Portfolio({
  assets,
  total,
  loading,
  refreshing,
  now,
}: PortfolioState & { now: number }) {
  const { t } = useTranslation(['publicPages', 'public']);
  const [selected, setSelected] = useState<string>('BTC');
  const current = assets.find((a) => a.symbol === selected);
  // chart.js (the donut) loads as the reader nears it: below the figures, off a phone's first
  // screen once they have arrived (before, the empty list leaves it near the top).
  const donutBox = useRef<HTMLDivElement>(null);
  const donutNear = useNearScreen(donutBox, !loading);
  const chartLoading = (
    <div className="mx-auto flex aspect-square w-full max-w-72 items-center justify-center">
      <Spinner label={t('public:shared.loadingChart')} />
    </div>
  );

  return (
    <div className="relative mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6" aria-busy={loading}>
      {loading ? <UpdatingOverlay /> : null}
      <Notice tone="info" title={t('assets.example.title')} testId="example-notice">
        {t('assets.example.notice')}
      </Notice>

      <div
        className="card flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between"
        data-testid="portfolio-summary"
      >
        <div className="flex items-center gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-accent">
            <Wallet className="size-6" aria-hidden="true" />
          </span>
          <div>
            <p className="text-sm text-muted">{t('assets.total')}</p>
            <p className="text-3xl font-extrabold tracking-tight tabular-nums" data-testid="portfolio-total">
              {formatMoney(total)}
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-1 sm:items-end">
          <FreshnessIndicator lastUpdated={newestUpdate(assets)} now={now} />
          <span className="min-h-5 text-xs text-muted">
            {refreshing ? <Spinner label={t('assets.refreshing')} className="text-xs" /> : t('assets.refreshEvery')}
          </span>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <SectionCard
          title={t('assets.allocation.title')}
          description={t('assets.allocation.description')}
          icon={PieChart}
          testId="allocation"
        >
          <div className="grid items-center gap-6 sm:grid-cols-[13rem_1fr] lg:grid-cols-[15rem_1fr]">
            <div ref={donutBox}>
              <Suspense fallback={chartLoading}>
                {donutNear ? (
                  <PortfolioDonut assets={assets} selected={selected} onSelect={setSelected} />
                ) : (
                  chartLoading
                )}
              </Suspense>
            </div>
            <AssetList assets={assets} total={total} selected={selected} onSelect={setSelected} />
          </div>
        </SectionCard>
        <div className="flex flex-col gap-6">
          <SectionCard title={t('assets.details.title')} testId="details-panel">
            <AssetDetails asset={current} total={total} now={now} />
          </SectionCard>
          <section className="card p-5" aria-labelledby="how-title">
            <h2 id="how-title" className="text-base font-semibold">
              {t('assets.explanation.title')}
            </h2>
            <div className="mt-3 flex flex-col gap-3">
              {EXPLANATION.map((block) => (
                <div key={block.title}>
                  <h3 className="text-sm font-semibold">{t(block.title)}</h3>
                  <p className="mt-0.5 text-sm text-muted">{t(block.text)}</p>
                </div>
              ))}
            </div>
          </section>
        </div>
      </div>

      <SectionCard title={t('assets.portfolio.title')} description={t('assets.portfolio.description')}>
        <PortfolioTable assets={assets} total={total} />
      </SectionCard>
    </div>
  );
});
