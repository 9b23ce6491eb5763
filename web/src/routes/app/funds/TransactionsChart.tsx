import { BarChart3 } from 'lucide-react';
import { useUserTransactionMetrics } from '../../../api/funds';
import { SectionCard } from '../../../components/Card';
import { ChartEmpty, isEmptyChart } from '../../../components/chart/ChartEmpty';
import { LineChart } from '../../../components/chart/LineChart';
import { QueryView } from '../../../components/QueryView';
import { formatMoney } from '../../../lib/format';

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2026-06" → "Jun 2026"; any other label is kept. */
export function monthLabel(label: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(label);
  return m ? monthFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1))) : label;
}

/** Deposits and withdrawals per month, with their totals (GET /metrics/user-transactions/:id). */
export function TransactionsChart({ userId }: { userId: number }) {
  const metrics = useUserTransactionMetrics(userId);
  return (
    <SectionCard
      title="Deposits & Withdrawals"
      description="Per month, over the last six months."
      icon={BarChart3}
      testId="transactions-chart"
    >
      <QueryView query={metrics} fallback="Failed to fetch chart data">
        {(m) => {
          const figures: [string, number, number][] = [
            ['Deposited', m.totalDeposits, m.pendingDeposits],
            ['Withdrawn', m.totalWithdrawals, m.pendingWithdrawals],
          ];
          return (
            <div className="flex flex-col gap-4">
              <dl className="grid grid-cols-2 gap-3">
                {figures.map(([label, total, pending]) => (
                  <div key={label} className="min-w-0 rounded-lg bg-surface-2 px-3 py-2">
                    <dt className="truncate text-xs text-muted">{label}</dt>
                    <dd className="truncate text-lg font-semibold">{formatMoney(total)}</dd>
                    <dd className="truncate text-xs text-muted">{formatMoney(pending)} pending</dd>
                  </div>
                ))}
              </dl>
              {isEmptyChart(m.chart) ? (
                <ChartEmpty
                  message="No deposits or withdrawals yet"
                  onRefresh={() => void metrics.refetch()}
                  refreshing={metrics.isFetching}
                />
              ) : (
                <LineChart
                  data={{ ...m.chart, labels: m.chart.labels.map(monthLabel) }}
                  label="Deposits and withdrawals per month"
                />
              )}
            </div>
          );
        }}
      </QueryView>
    </SectionCard>
  );
}
