import { z } from 'zod';
import { fill } from './fill';
import { route } from './route';

/** Report periods (spec §9): `year` is since 1 January of the current year, UTC. */
export const REPORT_PERIODS = ['last7', 'last30', 'last90', 'year', 'all'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  last7: 'Last 7 Days',
  last30: 'Last 30 Days',
  last90: 'Last 90 Days',
  year: 'This Year',
  all: 'All Time',
};

export const REPORT_KINDS = ['users', 'transactions', 'investments', 'activity'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const zReportQuery = z.object({
  period: z
    .enum(REPORT_PERIODS, { message: fill('Period must be one of {{list}}', { list: REPORT_PERIODS.join(', ') }) })
    .default('last30'),
});
export const zReportParams = z.object({
  kind: z.enum(REPORT_KINDS, { message: fill('Report must be one of {{list}}', { list: REPORT_KINDS.join(', ') }) }),
});

export const reportsApi = {
  /** The body is a CSV file, not JSON; errors are the usual `{ message, code }`. */
  csv: route({
    method: 'GET',
    path: '/reports/:kind',
    tag: 'reports',
    summary:
      'A CSV report of users, transactions, investments or activity created in the period (admin; cookie or Bearer token)',
    access: 'admin',
    params: zReportParams,
    query: zReportQuery,
    response: null,
    errors: [],
  }),
};

const DAY_MS = 86_400_000;

/** The first instant a report of `period` covers at `now`; null for all time. */
export function periodStart(period: ReportPeriod, now: Date): Date | null {
  switch (period) {
    case 'last7':
      return new Date(now.getTime() - 7 * DAY_MS);
    case 'last30':
      return new Date(now.getTime() - 30 * DAY_MS);
    case 'last90':
      return new Date(now.getTime() - 90 * DAY_MS);
    case 'year':
      return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
    case 'all':
      return null;
  }
}

/**
 * `transactions-report-last-30-days-2026-11-22.csv`: the report, its period and the day (UTC) it was made; the
 * name the server suggests and the browser saves.
 */
export const reportFileName = (kind: ReportKind, period: ReportPeriod, at: Date) =>
  `${kind}-report-${REPORT_PERIOD_LABELS[period].toLowerCase().replace(/\s+/g, '-')}-${at.toISOString().slice(0, 10)}.csv`;
