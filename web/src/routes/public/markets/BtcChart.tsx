import type { BtcHistory } from '../../../api/market';
import { LineChart } from '../../../components/chart/LineChart';
import { formatDate } from '../../../lib/format';
import { formatPrice } from './format';

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
  return (
    <LineChart
      label={describeHistory(history)}
      className="h-72 sm:h-80"
      data={{
        labels: history.data.map((p) => p.date),
        datasets: [{ label: `${history.pair} close`, data: history.data.map((p) => p.close) }],
      }}
      // One thin gold line without points: a price over up to a year of days.
      series={{
        backgroundColor: 'rgba(245,181,36,0.15)',
        tension: 0.25,
        pointRadius: 0,
        pointHoverRadius: 4,
        borderWidth: 2,
      }}
      options={(theme) => ({
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: {
            ticks: {
              color: theme.text,
              maxTicksLimit: 5,
              maxRotation: 0,
              callback: (_v, i) => shortDate(history.data[i]?.date),
            },
            grid: { color: theme.grid },
          },
          y: { ticks: { color: theme.text, callback: (v) => axisPrice(Number(v)) }, grid: { color: theme.grid } },
        },
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (ctx) => `Close ${formatPrice(ctx.parsed.y)}` } },
        },
      })}
    />
  );
}
