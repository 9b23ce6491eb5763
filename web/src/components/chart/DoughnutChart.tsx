import { Doughnut, Pie } from 'react-chartjs-2';
import type { Chart } from '@contract/metrics';
import './register';
import { paletteColour, useChartTheme } from './theme';

interface ArcChartProps {
  data: Chart;
  /** The text alternative of the canvas, read by screen readers. */
  label: string;
}

/** A slice per label, one palette colour each, the legend under it in the theme's text colour. */
function useArcChart({ data }: ArcChartProps) {
  const theme = useChartTheme();
  const datasets = data.datasets.map((d) => ({
    ...d,
    backgroundColor: data.labels.map((_l, i) => paletteColour(i)),
    borderWidth: 0,
  }));
  return {
    data: { labels: data.labels, datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      plugins: { legend: { position: 'bottom' as const, labels: { color: theme.text } } },
    },
  };
}

/** A doughnut (revenue per plan). */
export function DoughnutChart(props: ArcChartProps) {
  const chart = useArcChart(props);
  return (
    <div className="relative h-64 w-full">
      <Doughnut aria-label={props.label} role="img" data={chart.data} options={chart.options} />
    </div>
  );
}

/** A pie (running principal per plan). */
export function PieChart(props: ArcChartProps) {
  const chart = useArcChart(props);
  return (
    <div className="relative h-64 w-full">
      <Pie aria-label={props.label} role="img" data={chart.data} options={chart.options} />
    </div>
  );
}
