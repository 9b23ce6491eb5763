import { ChartLine } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useBtcHistory } from '../../../api/market';
import { SectionCard } from '../../../components/Card';
import { LoadError } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/format';

// chart.js is the heaviest code of the page: it loads after the figures are on screen.
const BtcChart = lazy(() => import('./BtcChart'));

const RANGES = [
  { days: 30, label: '30D' },
  { days: 90, label: '90D' },
  { days: 365, label: '1Y' },
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
        <div className="flex rounded-lg border border-line p-0.5" role="group" aria-label="Chart range">
          {RANGES.map((range) => (
            <button
              key={range.days}
              type="button"
              onClick={() => setDays(range.days)}
              aria-pressed={days === range.days}
              className={`rounded-md px-3 py-1 text-sm font-semibold ${days === range.days ? 'bg-accent-bg text-accent-fg' : 'text-muted hover:bg-surface-2'}`}
            >
              {range.label}
            </button>
          ))}
        </div>
      </div>
      {history.isPending ? (
        <ChartSpinner />
      ) : history.isError ? (
        <LoadError
          error={history.error}
          fallback="The BTC price history could not be loaded."
          onRetry={() => void history.refetch()}
        />
      ) : history.data.data.length === 0 ? (
        <div
          className="flex h-72 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-line p-6 text-center sm:h-80"
          data-testid="btc-chart-empty"
        >
          <ChartLine className="size-8 text-muted" aria-hidden="true" />
          <p className="font-semibold">No price history available yet</p>
          <p className="max-w-md text-sm text-muted">
            Live market data is unavailable: the chart appears once the server has read BTC daily prices from its price
            feed.
          </p>
        </div>
      ) : (
        <Suspense fallback={<ChartSpinner />}>
          <BtcChart history={history.data} />
        </Suspense>
      )}
    </SectionCard>
  );
}
