import type { Locale } from '@contract/locales';
import type { Chart } from '@contract/metrics';

/** The server's bucket labels (PostgreSQL's to_char, in English): 'Dy DD', 'Mon DD' and 'Mon YYYY'. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** 2024-01-07 was a Sunday: the weekday `n` days after it is DAYS[n]. */
const A_SUNDAY = 7;

/**
 * An x-axis label of a metrics chart in the active language: "Mar 05" reads "5 mar" in Spanish,
 * "Mon 05" "пн 5" in Russian, "Mar 2025" "mar. de 2025" in Portuguese. English, and a label of
 * another shape, stay as the server wrote them.
 */
export function localChartLabel(label: string, locale: Locale): string {
  if (locale === 'en') return label;
  const dayLabel = /^([A-Z][a-z]{2}) (\d{2})$/.exec(label);
  if (dayLabel) {
    const [, name, day] = dayLabel as unknown as [string, string, string];
    const month = MONTHS.indexOf(name);
    if (month >= 0)
      return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }).format(
        new Date(2024, month, Number(day)),
      );
    const weekday = DAYS.indexOf(name);
    if (weekday >= 0) {
      const short = new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(new Date(2024, 0, A_SUNDAY + weekday));
      return `${short} ${Number(day)}`;
    }
    return label;
  }
  const monthLabel = /^([A-Z][a-z]{2}) (\d{4})$/.exec(label);
  if (monthLabel) {
    const month = MONTHS.indexOf(monthLabel[1]!);
    if (month >= 0)
      return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' }).format(
        new Date(Number(monthLabel[2]), month, 1),
      );
  }
  return label;
}

/** A chart with its x-axis labels and its series' names in the active language (`series` names each known one). */
export function localChart(chart: Chart, locale: Locale, series: (name: string) => string): Chart {
  return {
    labels: chart.labels.map((l) => localChartLabel(l, locale)),
    datasets: chart.datasets.map((d) => ({ ...d, label: series(d.label) })),
  };
}
