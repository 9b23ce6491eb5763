import type { ChartOptions, TooltipItem } from 'chart.js';
import { useTranslation } from 'react-i18next';
import type { Chart } from '@contract/metrics';
import { themedAxes, type ChartTheme } from '../../../components/chart/theme';
import { currentLocale } from '../../../i18n/i18n';
import { formatMoney } from '../../../lib/format';

/**
 * The investor's charts in the active language. The server names its series and buckets in
 * English ("Deposits", "Returns ($)"; "Mar 05", "Mon 05", "Mar 2025", "2026-06"): the series
 * become the catalogue's words, the buckets dates written the active language's way, and the
 * tooltips and axes numbers and dollars as format.ts writes them.
 */

const SERIES = {
  Deposits: 'chart.series.deposits',
  Withdrawals: 'chart.series.withdrawals',
  'Returns ($)': 'chart.series.returns',
} as const;
const isSeries = (label: string): label is keyof typeof SERIES => Object.hasOwn(SERIES, label);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_MS = 86_400_000;

const utc = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(currentLocale(), { ...options, timeZone: 'UTC' });

/**
 * A bucket's label in the active language: "2026-06" and "Mar 2025" as a month and year,
 * "Mar 05" as a day of a month, "Mon 05" as a day of the last week; any other is kept.
 */
export function bucketLabel(label: string, now: Date = new Date()): string {
  let m = /^(\d{4})-(\d{2})$/.exec(label);
  if (m) return utc({ month: 'short', year: 'numeric' }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
  m = /^([A-Z][a-z]{2}) (\d{4})$/.exec(label);
  if (m && MONTHS.includes(m[1]!))
    return utc({ month: 'short', year: 'numeric' }).format(new Date(Date.UTC(Number(m[2]), MONTHS.indexOf(m[1]!), 1)));
  if (currentLocale() === 'en') return label;
  m = /^([A-Z][a-z]{2}) (\d{2})$/.exec(label);
  if (m && MONTHS.includes(m[1]!))
    // A leap year, so that 29 February is a date.
    return utc({ month: 'short', day: 'numeric' }).format(
      new Date(Date.UTC(2000, MONTHS.indexOf(m[1]!), Number(m[2]))),
    );
  if (m && DAYS.includes(m[1]!)) {
    // The week's buckets are its last seven days: the one with this weekday and day of the month.
    const day = Number(m[2]);
    for (let back = 0; back < 8; back += 1) {
      const d = new Date(now.getTime() - back * DAY_MS);
      if (d.getUTCDate() === day && d.getUTCDay() === DAYS.indexOf(m[1]!))
        return utc({ weekday: 'short', day: 'numeric' }).format(d);
    }
  }
  return label;
}

/** A chart's series names and bucket labels, and its axes and tooltips, in the active language. */
export function useChartText() {
  const { t } = useTranslation('app');
  return {
    data: (chart: Chart): Chart => ({
      labels: chart.labels.map((label) => bucketLabel(label)),
      datasets: chart.datasets.map((d) => ({ ...d, label: isSeries(d.label) ? t(SERIES[d.label]) : d.label })),
    }),
    /** Dollar series: numbers on the axis, dollars in the tooltip, both the active language's way. */
    options: (theme: ChartTheme): ChartOptions<'line'> => ({
      locale: currentLocale(),
      scales: themedAxes(theme),
      plugins: {
        legend: { labels: { color: theme.text } },
        tooltip: {
          callbacks: {
            label: (item: TooltipItem<'line'>) => `${item.dataset.label ?? ''}: ${formatMoney(item.parsed.y)}`,
          },
        },
      },
    }),
  };
}
