import { LineChart as LineIcon } from 'lucide-react';
import { useState } from 'react';
import { useInvestmentChart, type ChartPeriod } from '../../../api/investments';
import { SectionCard } from '../../../components/Card';
import { ChartEmpty, isEmptyChart } from '../../../components/chart/ChartEmpty';
import { LineChart } from '../../../components/chart/LineChart';
import { CHART_PERIOD_OPTIONS, PeriodSelector } from '../../../components/chart/PeriodSelector';
import { QueryView } from '../../../components/QueryView';

/** The caller's investment performance over a week, month or year. */
export function PerformanceChart() {
  const [period, setPeriod] = useState<ChartPeriod>('month');
  const chart = useInvestmentChart(period);
  return (
    <SectionCard title="Investment Performance" icon={LineIcon} testId="performance-chart">
      <div className="mb-4 flex justify-end">
        <PeriodSelector label="Chart period" options={CHART_PERIOD_OPTIONS} value={period} onChange={setPeriod} />
      </div>
      <QueryView
        query={chart}
        fallback="Could not load the chart"
        empty={{
          when: isEmptyChart,
          view: (
            <ChartEmpty
              message="No investment data available"
              onRefresh={() => void chart.refetch()}
              refreshing={chart.isFetching}
            />
          ),
        }}
      >
        {(data) => <LineChart data={data} label={`Investment performance over the last ${period}`} />}
      </QueryView>
    </SectionCard>
  );
}
