import { CategoryScale, Chart as ChartJS, Filler, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import type { BtcHistory } from '../../../api/market';
import { formatDate } from '../../../lib/format';
import { useTheme } from '../../../lib/ThemeProvider';
import { formatPrice } from './format';

ChartJS.register(CategoryScale, Filler, LineElement, LinearScale, PointElement, Tooltip);

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortDate = (date: string | undefined) => (date ? monthDay.format(new Date(`${date}T00:00:00Z`)) : '');
/** Axis labels stay short on a phone: "$95k". */
const axisPrice = (v: number) =>
  Math.abs(v) >= 1000 ? `$${Math.round(v / 1000).toLocaleString('en-US')}k` : formatPrice(v);

/** A sentence for screen readers: the canvas itself says nothing. */
export function describeHistory(history: BtcHistory): string {
  const first = history.data[0];
  const last = history.data.at(-1);
  if (!first || !last) return `${history.pair} daily chart: no data`;
  return `${history.pair} daily close from ${formatDate(first.date)} (${formatPrice(first.close)}) to ${formatDate(last.date)} (${formatPrice(last.close)})`;
}

/** The BTCUSDT daily close line, drawn by the app from the server's cached history. */
export default function BtcChart({ history }: { history: BtcHistory }) {
  const dark = useTheme().theme === 'dark';
  const text = dark ? '#cbd5e1' : '#334155';
  const grid = dark ? 'rgba(148,163,184,0.15)' : 'rgba(100,116,139,0.15)';
  return (
    <div className="relative h-72 w-full sm:h-80">
      <Line
        role="img"
        aria-label={describeHistory(history)}
        data={{
          labels: history.data.map((p) => p.date),
          datasets: [
            {
              label: `${history.pair} close`,
              data: history.data.map((p) => p.close),
              borderColor: '#f5b524',
              backgroundColor: 'rgba(245,181,36,0.15)',
              fill: true,
              tension: 0.25,
              pointRadius: 0,
              pointHoverRadius: 4,
              borderWidth: 2,
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          interaction: { mode: 'index', intersect: false },
          scales: {
            x: {
              ticks: {
                color: text,
                maxTicksLimit: 5,
                maxRotation: 0,
                callback: (_v, i) => shortDate(history.data[i]?.date),
              },
              grid: { color: grid },
            },
            y: { ticks: { color: text, callback: (v) => axisPrice(Number(v)) }, grid: { color: grid } },
          },
          plugins: {
            legend: { display: false },
            tooltip: { callbacks: { label: (ctx) => `Close ${formatPrice(ctx.parsed.y)}` } },
          },
        }}
      />
    </div>
  );
}
