import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BtcHistory } from '../../../api/market';
import { LineChart } from '../../../components/chart/LineChart';
import { formatDate } from '../../../lib/format';
import { formatAxisPrice, formatMonthDay, formatPrice } from './format';

/** A sentence for screen readers: the canvas itself says nothing. */
export function describeHistory(history: BtcHistory, t: TFunction<'publicPages'>): string {
  const first = history.data[0];
  const last = history.data.at(-1);
  if (!first || !last) return t('markets.chart.noData', { pair: history.pair });
  return t('markets.chart.description', {
    pair: history.pair,
    from: formatDate(first.date),
    fromPrice: formatPrice(first.close),
    to: formatDate(last.date),
    toPrice: formatPrice(last.close),
  });
}

/** The BTCUSDT daily close line, drawn by the app from the server's cached history. */
export default function BtcChart({ history }: { history: BtcHistory }) {
  const { t } = useTranslation('publicPages');
  return (
    <LineChart
      label={describeHistory(history, t)}
      className="h-72 sm:h-80"
      data={{
        labels: history.data.map((p) => p.date),
        datasets: [
          { label: t('markets.chart.series', { pair: history.pair }), data: history.data.map((p) => p.close) },
        ],
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
              callback: (_v, i) => formatMonthDay(history.data[i]?.date),
            },
            grid: { color: theme.grid },
          },
          y: { ticks: { color: theme.text, callback: (v) => formatAxisPrice(Number(v)) }, grid: { color: theme.grid } },
        },
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (ctx) => t('markets.chart.tooltip', { price: formatPrice(ctx.parsed.y) }) } },
        },
      })}
    />
  );
}
