import { ChartLine } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBtcHistory } from '../../../api/market';
import { SectionCard } from '../../../components/Card';
import { PeriodSelector, type PeriodOption } from '../../../components/chart/PeriodSelector';
import { QueryView } from '../../../components/QueryView';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/format';

// chart.js is the heaviest code of the page: it loads after the figures are on screen.
const BtcChart = lazy(() => import('./BtcChart'));

/** The ranges in days, as sent to the API, and their labels' keys. */
const RANGES = [
  { value: 30, label: 'markets.chart.range30' },
  { value: 90, label: 'markets.chart.range90' },
  { value: 365, label: 'markets.chart.range365' },
] as const;

function ChartSpinner() {
  const { t } = useTranslation('public');
  return (
    <div className="flex h-72 items-center justify-center sm:h-80">
      <Spinner label={t('shared.loadingChart')} />
    </div>
  );
}

export function BtcChartCard() {
  const { t } = useTranslation('publicPages');
  const [days, setDays] = useState(90);
  const history = useBtcHistory(days);
  const ranges: PeriodOption<number>[] = RANGES.map((r) => ({ value: r.value, label: t(r.label) }));
  return (
    <SectionCard
      title={t('markets.chart.title')}
      description={
        history.data?.lastUpdated
          ? t('markets.chart.updated', { time: formatDateTime(history.data.lastUpdated) })
          : t('markets.chart.fromCache')
      }
      icon={ChartLine}
      testId="btc-chart"
    >
      <div className="mb-4 flex justify-end">
        <PeriodSelector label={t('markets.chart.range')} options={ranges} value={days} onChange={setDays} />
      </div>
      <QueryView
        query={history}
        fallback={t('markets.chart.loadFailed')}
        pending={<ChartSpinner />}
        empty={{
          when: (data) => data.data.length === 0,
          view: (
            <div
              className="flex h-72 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-line p-6 text-center sm:h-80"
              data-testid="btc-chart-empty"
            >
              <ChartLine className="size-8 text-muted" aria-hidden="true" />
              <p className="font-semibold">{t('markets.chart.emptyTitle')}</p>
              <p className="max-w-md text-sm text-muted">{t('markets.chart.emptyText')}</p>
            </div>
          ),
        }}
      >
        {(data) => (
          <Suspense fallback={<ChartSpinner />}>
            <BtcChart history={data} />
          </Suspense>
        )}
      </QueryView>
    </SectionCard>
  );
}
