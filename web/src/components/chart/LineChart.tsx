import type { ChartDataset, ChartOptions } from 'chart.js';
import { Line } from 'react-chartjs-2';
import type { Chart } from '@contract/metrics';
import { CHART_HEIGHT } from './chartHeight';
import './register';
import { paletteColour, themedAxes, useChartTheme, type ChartTheme } from './theme';

export interface LineChartProps {
  data: Chart;
  /** The text alternative of the canvas, read by screen readers. */
  label: string;
  /** Height classes of the box the canvas fills. */
  className?: string;
  /** How each line is drawn, over the default (palette colour, filled, smoothed). */
  series?: Partial<Omit<ChartDataset<'line', number[]>, 'data' | 'label'>>;
  /** Axes, legend and tooltip of a chart the defaults do not fit, in the theme's colours. */
  options?: (theme: ChartTheme) => ChartOptions<'line'>;
}

/** One filled line per dataset, one palette colour each, in the page's theme. */
export function LineChart({ data, label, className = CHART_HEIGHT, series, options }: LineChartProps) {
  const theme = useChartTheme();
  const datasets = data.datasets.map((d, i) => ({
    ...d,
    borderColor: paletteColour(i),
    backgroundColor: `${paletteColour(i)}33`,
    fill: true,
    tension: 0.3,
    ...series,
  }));
  return (
    <div className={`relative w-full ${className}`}>
      <Line
        aria-label={label}
        role="img"
        data={{ labels: data.labels, datasets }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          ...(options
            ? options(theme)
            : { scales: themedAxes(theme), plugins: { legend: { labels: { color: theme.text } } } }),
        }}
      />
    </div>
  );
}
