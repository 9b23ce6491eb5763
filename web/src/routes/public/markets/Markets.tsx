import type { ParseKeys } from 'i18next';
import { Newspaper } from 'lucide-react';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMarket, type Market } from '../../../api/market';
import { QueryView } from '../../../components/QueryView';
import { usePageMeta } from '../../../lib/usePageMeta';
import { AllAssets } from './AllAssets';
import { BtcChartCard } from './BtcChartCard';
import { MarketStatus } from './MarketStatus';
import { Movers } from './Movers';

/** The five Market Update cards: context for readers, not forecasts or advice. */
const INSIGHTS: { tag: ParseKeys<'publicPages'>; title: ParseKeys<'publicPages'>; text: ParseKeys<'publicPages'> }[] = [
  {
    tag: 'markets.insights.halving.tag',
    title: 'markets.insights.halving.title',
    text: 'markets.insights.halving.text',
  },
  {
    tag: 'markets.insights.difficulty.tag',
    title: 'markets.insights.difficulty.title',
    text: 'markets.insights.difficulty.text',
  },
  {
    tag: 'markets.insights.institutions.tag',
    title: 'markets.insights.institutions.title',
    text: 'markets.insights.institutions.text',
  },
  { tag: 'markets.insights.defi.tag', title: 'markets.insights.defi.title', text: 'markets.insights.defi.text' },
  {
    tag: 'markets.insights.regulation.tag',
    title: 'markets.insights.regulation.title',
    text: 'markets.insights.regulation.text',
  },
];

function Hero() {
  const { t } = useTranslation('publicPages');
  return (
    <section className="relative overflow-hidden bg-[#0b1220] text-white">
      {/* An animated SVG shipped with the app stands in for a video: it plays offline and stops for reduced motion. */}
      <img
        src="/media/markets-hero.svg"
        alt=""
        aria-hidden="true"
        className="absolute inset-0 h-full w-full object-cover opacity-70"
        width={1200}
        height={600}
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-r from-[#0b1220] via-[#0b1220]/85 to-transparent"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
        <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">{t('markets.eyebrow')}</p>
        <h1 className="mt-3 max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">{t('markets.heading')}</h1>
        <p className="mt-4 max-w-xl text-lg text-slate-300">{t('markets.lead')}</p>
      </div>
    </section>
  );
}

function Insights() {
  const { t } = useTranslation('publicPages');
  return (
    <section aria-labelledby="insights-title" data-testid="market-insights">
      <h2 id="insights-title" className="flex items-center gap-2 text-2xl font-bold tracking-tight">
        <Newspaper className="size-6 text-accent" aria-hidden="true" />
        {t('markets.insights.title')}
      </h2>
      {/* Two wide cards over three: five cards without a hole in the grid. */}
      <ul className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-6">
        {INSIGHTS.map((insight, i) => (
          <li
            key={insight.title}
            className={`card flex flex-col p-5 ${i < 2 ? 'xl:col-span-3' : 'xl:col-span-2'} ${i === 4 ? 'md:col-span-2 xl:col-span-2' : ''}`}
            data-testid="insight-card"
          >
            <span className="w-fit rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-accent">
              {t(insight.tag)}
            </span>
            <h3 className="mt-3 text-lg font-semibold">{t(insight.title)}</h3>
            <p className="mt-2 text-sm text-muted">{t(insight.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MarketFigures() {
  // The market arrives as a store update, which React draws at once and in one piece (on a phone,
  // a long task of every table row). The figures are drawn from a deferred copy instead: React
  // draws them in the background, in slices that leave the browser its turns.
  const market = useDeferredValue(useMarket());
  return <Figures market={market} />;
}

const Figures = memo(function Figures({ market }: { market: UseQueryResult<Market> }) {
  const { t } = useTranslation('publicPages');
  return (
    <QueryView
      query={market}
      fallback={t('markets.loadFailed')}
      pending={
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          <span className="sr-only" role="status">
            {t('markets.loading')}
          </span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="card h-56 animate-pulse" />
          ))}
        </div>
      }
    >
      {(data) => (
        <div className="flex flex-col gap-6">
          <MarketStatus market={data} />
          <Movers market={data} />
          <BtcChartCard />
          <AllAssets items={data.data} />
        </div>
      )}
    </QueryView>
  );
});

export function Component() {
  const { t } = useTranslation('publicPages');
  usePageMeta({ title: t('markets.metaTitle'), description: t('markets.metaDescription') });
  return (
    <>
      <Hero />
      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-12 sm:px-6">
        <MarketFigures />
        <Insights />
        <p className="text-sm text-muted">{t('markets.disclaimer')}</p>
      </div>
    </>
  );
}
