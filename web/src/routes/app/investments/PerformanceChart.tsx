import { LineChart as LineIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CHART_PERIOD, useInvestmentChart, type ChartPeriod } from '../../../api/investments';
import { SectionCard } from '../../../components/Card';
import { ChartEmpty, ChartLoading, isEmptyChart } from '../../../components/chart/ChartEmpty';
import { LazyLineChart } from '../../../components/chart/LazyLineChart';
import { PeriodSelector, type PeriodOption } from '../../../components/chart/PeriodSelector';
import { QueryView } from '../../../components/QueryView';
import { useChartText } from '../funds/chartText';

const CHART_LABEL = {
  week: 'performance.label.week',
  month: 'performance.label.month',
  year: 'performance.label.year',
} as const satisfies Record<ChartPeriod, string>;

/** The caller's investment performance over a week, month or year. */
export function PerformanceChart() {
  const { t } = useTranslation('app');
  const text = useChartText();
  const [period, setPeriod] = useState<ChartPeriod>(DEFAULT_CHART_PERIOD);
  const periods: PeriodOption<ChartPeriod>[] = [
    { value: 'week', label: t('performance.period.week') },
    { value: 'month', label: t('performance.period.month') },
    { value: 'year', label: t('performance.period.year') },
  ];
  const chart = useInvestmentChart(period);
  return (
    <SectionCard title={t('performance.title')} icon={LineIcon} testId="performance-chart">
      <div className="mb-4 flex justify-end">
        <PeriodSelector label={t('performance.periodLabel')} options={periods} value={period} onChange={setPeriod} />
      </div>
      <QueryView
        query={chart}
        fallback={t('performance.loadFailed')}
        pending={<ChartLoading />}
        empty={{
          when: isEmptyChart,
          view: (
            <ChartEmpty
              message={t('performance.empty')}
              onRefresh={() => void chart.refetch()}
              refreshing={chart.isFetching}
            />
          ),
        }}
      >
        {(data) => <LazyLineChart data={text.data(data)} label={t(CHART_LABEL[period])} options={text.options} />}
      </QueryView>
    </SectionCard>
  );
}
