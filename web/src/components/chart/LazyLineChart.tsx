import { lazy, Suspense } from 'react';
import { CHART_HEIGHT } from './chartHeight';
import type { LineChartProps } from './LineChart';

const LineChart = lazy(() => import('./LineChart').then((m) => ({ default: m.LineChart })));

/**
 * LineChart with chart.js loaded once there is something to draw: a screen's figures arrive
 * without it, and an account with nothing to chart never downloads it. Holds the chart's
 * height meanwhile, so nothing below moves when the canvas appears.
 */
export function LazyLineChart(props: LineChartProps) {
  return (
    <Suspense fallback={<div className={`w-full ${props.className ?? CHART_HEIGHT}`} />}>
      <LineChart {...props} />
    </Suspense>
  );
}
