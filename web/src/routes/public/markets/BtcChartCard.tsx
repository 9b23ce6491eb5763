import { ChartLine } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useBtcHistory } from '../../../api/market';
import { SectionCard } from '../../../components/Card';
import { PeriodSelector, type PeriodOption } from '../../../components/chart/PeriodSelector';
import { QueryView } from '../../../components/QueryView';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/format';

// chart.js is the heaviest code of the page: it loads after the figures are on screen.
const BtcChart = lazy(() => import('./BtcChart'));

/** The ranges in days, as sent to the API. */
const RANGES: PeriodOption<number>[] = [
  { value: 30, label: '30D' },
  { value: 90, label: '90D' },
  { value: 365, label: '1Y' },
];

function ChartSpinner() {
  return (
    <div className="flex h-72 items-center justify-center sm:h-80">
      <Spinner label="Loading chart..." />
    </div>
  );
}

export function BtcChartCard() {
  const [days, setDays] = useState(90);
  const history = useBtcHistory(days);
  return (
    <SectionCard
      title="BTCUSDT daily chart"
      description={
        history.data?.lastUpdated
          ? `Daily closes, updated ${formatDateTime(history.data.lastUpdated)}`
          : 'Daily closes from our price cache'
      }
      icon={ChartLine}
      testId="btc-chart"
    >
      <div className="mb-4 flex justify-end">
        <PeriodSelector label="Chart range" options={RANGES} value={days} onChange={setDays} />
      </div>
      <QueryView
        query={history}
        fallback="The BTC price history could not be loaded."
        pending={<ChartSpinner />}
        empty={{
          when: (data) => data.data.length === 0,
          view: (
            <div
              className="flex h-72 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-line p-6 text-center sm:h-80"
              data-testid="btc-chart-empty"
            >
              <ChartLine className="size-8 text-muted" aria-hidden="true" />
              <p className="font-semibold">No price history available yet</p>
              <p className="max-w-md text-sm text-muted">
                Live market data is unavailable: the chart appears once the server has read BTC daily prices from its
                price feed.
              </p>
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
