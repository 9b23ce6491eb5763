import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartPeriod } from '@contract/metrics';

// No chart.js here: a page draws its selector before its lazily loaded chart arrives.

export interface PeriodOption<T> {
  value: T;
  /** The button's text: a string in the active language, or an element that reads it. */
  label: ReactNode;
}

// Keys spelled out whole, one per period, so the catalogue check sees each one used.
const PERIOD_NAME = {
  week: 'chart.period.week',
  month: 'chart.period.month',
  year: 'chart.period.year',
} as const satisfies Record<ChartPeriod, string>;

/** A metrics period's name in the active language (the signed-in areas' charts only). */
function PeriodName({ period }: { period: ChartPeriod }) {
  const { t } = useTranslation('ui');
  return <>{t(PERIOD_NAME[period])}</>;
}

/** Week, month and year: the periods of the metrics charts, as the API names them. */
export const CHART_PERIOD_OPTIONS: PeriodOption<ChartPeriod>[] = [
  { value: 'week', label: <PeriodName period="week" /> },
  { value: 'month', label: <PeriodName period="month" /> },
  { value: 'year', label: <PeriodName period="year" /> },
];

interface PeriodSelectorProps<T> {
  /** The group's accessible name ("Chart period"). */
  label: string;
  options: PeriodOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

/**
 * The period a chart covers: a group of toggle buttons, the chosen one pressed. Each is a plain button, so Tab
 * reaches it and Enter or Space chooses it.
 */
export function PeriodSelector<T extends string | number>({ label, options, value, onChange }: PeriodSelectorProps<T>) {
  return (
    <div role="group" aria-label={label} className="flex rounded-lg border border-line p-0.5">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={`rounded-md px-3 py-1 text-sm font-medium ${value === option.value ? 'bg-accent-bg text-accent-fg' : 'text-muted hover:text-fg'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
