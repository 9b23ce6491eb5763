import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Chart } from '@contract/metrics';
import { Spinner } from '../Spinner';
import { CHART_HEIGHT } from './chartHeight';

/** Nothing to draw: no labels, or every value zero. */
export function isEmptyChart(chart: Chart): boolean {
  return chart.labels.length === 0 || chart.datasets.every((d) => d.data.every((v) => v === 0));
}

/** In place of a chart with nothing to draw: what is missing, and a way to ask the server again. */
export function ChartEmpty({
  message,
  onRefresh,
  refreshing,
}: {
  message: string;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation('ui');
  return (
    <div
      className={`flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-line px-4 text-center ${CHART_HEIGHT}`}
    >
      <p className="text-muted">{message}</p>
      <button type="button" className="btn-secondary" onClick={onRefresh} disabled={refreshing}>
        <RotateCw className="size-4" aria-hidden="true" />
        {t('chart.refresh')}
      </button>
    </div>
  );
}

/** In place of a chart whose figures are on their way: a spinner in the chart's box. */
export function ChartLoading() {
  return (
    <div className={`flex items-center justify-center ${CHART_HEIGHT}`}>
      <Spinner />
    </div>
  );
}
