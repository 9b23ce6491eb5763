import { LineChart as LineIcon, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useInvestmentChart, type ChartPeriod } from '../../../api/investments';
import { SectionCard } from '../../../components/Card';
import { LineChart } from '../../../components/Charts';
import { LoadError } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';

const PERIODS: { value: ChartPeriod; label: string }[] = [
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];

/** The caller's investment performance over a week, month or year. */
export function PerformanceChart() {
  const [period, setPeriod] = useState<ChartPeriod>('month');
  const chart = useInvestmentChart(period);
  const empty =
    !chart.data || chart.data.labels.length === 0 || chart.data.datasets.every((d) => d.data.every((v) => v === 0));

  const selector = (
    <div role="group" aria-label="Chart period" className="flex rounded-lg border border-line p-0.5">
      {PERIODS.map((p) => (
        <button
          key={p.value}
          type="button"
          aria-pressed={period === p.value}
          onClick={() => setPeriod(p.value)}
          className={`rounded-md px-3 py-1 text-sm font-medium ${period === p.value ? 'bg-accent-bg text-accent-fg' : 'text-muted hover:text-fg'}`}
        >
          {p.label}
        </button>
      ))}
    </div>
  );

  return (
    <SectionCard title="Investment Performance" icon={LineIcon} testId="performance-chart">
      <div className="mb-4 flex justify-end">{selector}</div>
      {chart.isPending ? (
        <Spinner />
      ) : chart.isError ? (
        <LoadError error={chart.error} fallback="Could not load the chart" onRetry={() => void chart.refetch()} />
      ) : empty ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line px-4 py-10 text-center">
          <p className="text-muted">No investment data available</p>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void chart.refetch()}
            disabled={chart.isFetching}
          >
            <RotateCw className="size-4" aria-hidden="true" />
            Refresh Data
          </button>
        </div>
      ) : (
        <LineChart data={chart.data} label={`Investment performance over the last ${period}`} />
      )}
    </SectionCard>
  );
}
