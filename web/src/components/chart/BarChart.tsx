import type { ChartDataset, ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { Chart } from '@contract/metrics';
import './register';
import { paletteColour, themedAxes, useChartTheme } from './theme';

/** Past this many bars per series, grouped bars would be hairlines: the series stack into one bar per label. */
const STACK_ABOVE = 12;

interface BarChartProps {
  data: Chart;
  label: string;
  /** Datasets (by label) drawn as a line on an axis of their own at the right, e.g. a running total over counts. */
  lines?: readonly string[];
  /** Whole numbers only (counts of people or things): the axes never step by a fraction. */
  counts?: boolean;
}

/**
 * Bars in the page's theme. One dataset: a palette colour per bar, no legend. Several: grouped (stacked when there
 * are many labels, so no bar is a hairline), a colour per dataset, with a legend. `lines` turns datasets into lines
 * on a right axis, drawn over the bars.
 */
export function BarChart({ data, label, lines = [], counts = false }: BarChartProps) {
  const theme = useChartTheme();
  const grouped = data.datasets.length > 1;
  const bars = data.datasets.filter((d) => !lines.includes(d.label)).length;
  const stacked = bars > 1 && data.labels.length > STACK_ABOVE;
  const datasets = data.datasets.map((d, n): ChartDataset<'bar' | 'line', number[]> => {
    if (lines.includes(d.label))
      return {
        ...d,
        type: 'line',
        yAxisID: 'y1',
        borderColor: paletteColour(n),
        backgroundColor: paletteColour(n),
        borderWidth: 2,
        pointRadius: 2,
        tension: 0.3,
        order: 0,
      };
    return {
      ...d,
      type: 'bar',
      backgroundColor: grouped ? paletteColour(n) : data.labels.map((_l, i) => paletteColour(i)),
      borderRadius: stacked ? 2 : 6,
      maxBarThickness: 48,
      order: 1,
    };
  });
  const axes = themedAxes(theme);
  const precision = counts ? { precision: 0 } : {};
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    scales: {
      x: { ...axes.x, stacked },
      y: { ...axes.y, stacked, ticks: { ...axes.y.ticks, ...precision } },
      ...(lines.length
        ? {
            y1: {
              ...axes.y,
              position: 'right' as const,
              grid: { drawOnChartArea: false },
              ticks: { ...axes.y.ticks, ...precision },
            },
          }
        : {}),
    },
    plugins: { legend: { display: grouped, labels: { color: theme.text } } },
  };
  return (
    <div className="relative h-64 w-full">
      {/* A line among bars is a dataset of type 'line' in a bar chart; chart.js types a chart by one type. */}
      <Bar
        aria-label={label}
        role="img"
        data={{ labels: data.labels, datasets: datasets as ChartDataset<'bar', number[]>[] }}
        options={options}
      />
    </div>
  );
}
