import { Bar } from 'react-chartjs-2';
import type { Chart } from '@contract/metrics';
import './register';
import { paletteColour, themedAxes, useChartTheme } from './theme';

/**
 * Bars in the page's theme. One dataset: a palette colour per bar, no legend. Several: grouped, a colour per dataset,
 * with a legend.
 */
export function BarChart({ data, label }: { data: Chart; label: string }) {
  const theme = useChartTheme();
  const grouped = data.datasets.length > 1;
  const datasets = data.datasets.map((d, n) => ({
    ...d,
    backgroundColor: grouped ? paletteColour(n) : data.labels.map((_l, i) => paletteColour(i)),
    borderRadius: 6,
  }));
  return (
    <div className="relative h-64 w-full">
      <Bar
        aria-label={label}
        role="img"
        data={{ labels: data.labels, datasets }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          scales: themedAxes(theme),
          plugins: { legend: { display: grouped, labels: { color: theme.text } } },
        }}
      />
    </div>
  );
}
