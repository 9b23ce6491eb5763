import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Doughnut, Line, Pie } from 'react-chartjs-2';
import type { Chart } from '@contract/metrics';
import { useTheme } from '../lib/ThemeProvider';

ChartJS.register(
  ArcElement,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
);

const PALETTE = ['#f5b524', '#3b82f6', '#10b981', '#a855f7', '#ef4444', '#14b8a6', '#f97316', '#6366f1'];

function useChartColors() {
  const { theme } = useTheme();
  const dark = theme === 'dark';
  return { text: dark ? '#cbd5e1' : '#334155', grid: dark ? 'rgba(148,163,184,0.15)' : 'rgba(100,116,139,0.15)' };
}

function axes(colors: { text: string; grid: string }) {
  return {
    x: { ticks: { color: colors.text }, grid: { color: colors.grid } },
    y: { beginAtZero: true, ticks: { color: colors.text }, grid: { color: colors.grid } },
  };
}

interface ChartProps {
  data: Chart;
  label: string;
}

/** A line chart of Chart.js data (investment performance). */
export function LineChart({ data, label }: ChartProps) {
  const colors = useChartColors();
  const datasets = data.datasets.map((d, i) => ({
    ...d,
    borderColor: PALETTE[i % PALETTE.length],
    backgroundColor: `${PALETTE[i % PALETTE.length]}33`,
    fill: true,
    tension: 0.3,
  }));
  return (
    <div className="relative h-72 w-full">
      <Line
        aria-label={label}
        role="img"
        data={{ labels: data.labels, datasets }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          scales: axes(colors),
          plugins: { legend: { labels: { color: colors.text } } },
        }}
      />
    </div>
  );
}

/** A bar chart (plan subscriptions); several datasets are grouped, one colour each, with a legend. */
export function BarChart({ data, label }: ChartProps) {
  const colors = useChartColors();
  const grouped = data.datasets.length > 1;
  const datasets = data.datasets.map((d, n) => ({
    ...d,
    backgroundColor: grouped ? PALETTE[n % PALETTE.length] : data.labels.map((_l, i) => PALETTE[i % PALETTE.length]),
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
          scales: axes(colors),
          plugins: { legend: { display: grouped, labels: { color: colors.text } } },
        }}
      />
    </div>
  );
}

/** A doughnut chart (revenue distribution). */
export function DoughnutChart({ data, label }: ChartProps) {
  const colors = useChartColors();
  const datasets = data.datasets.map((d) => ({
    ...d,
    backgroundColor: data.labels.map((_l, i) => PALETTE[i % PALETTE.length]),
    borderWidth: 0,
  }));
  return (
    <div className="relative h-64 w-full">
      <Doughnut
        aria-label={label}
        role="img"
        data={{ labels: data.labels, datasets }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          plugins: { legend: { position: 'bottom', labels: { color: colors.text } } },
        }}
      />
    </div>
  );
}

/** A pie chart (investment distribution). */
export function PieChart({ data, label }: ChartProps) {
  const colors = useChartColors();
  const datasets = data.datasets.map((d) => ({
    ...d,
    backgroundColor: data.labels.map((_l, i) => PALETTE[i % PALETTE.length]),
    borderWidth: 0,
  }));
  return (
    <div className="relative h-64 w-full">
      <Pie
        aria-label={label}
        role="img"
        data={{ labels: data.labels, datasets }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          plugins: { legend: { position: 'bottom', labels: { color: colors.text } } },
        }}
      />
    </div>
  );
}
