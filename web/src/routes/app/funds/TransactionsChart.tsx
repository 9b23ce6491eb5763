import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUserTransactionMetrics } from '../../../api/funds';
import { SectionCard } from '../../../components/Card';
import { ChartEmpty, isEmptyChart } from '../../../components/chart/ChartEmpty';
import { LazyLineChart } from '../../../components/chart/LazyLineChart';
import { QueryView } from '../../../components/QueryView';
import { formatMoney } from '../../../lib/format';
import { useChartText } from './chartText';

/** Deposits and withdrawals per month, with their totals (GET /metrics/user-transactions/:id). */
export function TransactionsChart({ userId }: { userId: number }) {
  const { t } = useTranslation('app');
  const text = useChartText();
  const metrics = useUserTransactionMetrics(userId);
  return (
    <SectionCard
      title={t('chart.funds.title')}
      description={t('chart.funds.description')}
      icon={BarChart3}
      testId="transactions-chart"
    >
      <QueryView query={metrics} fallback={t('chart.funds.loadFailed')}>
        {(m) => {
          const figures: [string, number, number][] = [
            [t('chart.funds.deposited'), m.totalDeposits, m.pendingDeposits],
            [t('chart.funds.withdrawn'), m.totalWithdrawals, m.pendingWithdrawals],
          ];
          return (
            <div className="flex flex-col gap-4">
              <dl className="grid grid-cols-2 gap-3">
                {figures.map(([label, total, pending]) => (
                  <div key={label} className="min-w-0 rounded-lg bg-surface-2 px-3 py-2">
                    <dt className="truncate text-xs text-muted">{label}</dt>
                    <dd className="truncate text-lg font-semibold">{formatMoney(total)}</dd>
                    <dd className="truncate text-xs text-muted">
                      {t('chart.funds.pending', { amount: formatMoney(pending) })}
                    </dd>
                  </div>
                ))}
              </dl>
              {isEmptyChart(m.chart) ? (
                <ChartEmpty
                  message={t('chart.funds.empty')}
                  onRefresh={() => void metrics.refetch()}
                  refreshing={metrics.isFetching}
                />
              ) : (
                <LazyLineChart data={text.data(m.chart)} label={t('chart.funds.label')} options={text.options} />
              )}
            </div>
          );
        }}
      </QueryView>
    </SectionCard>
  );
}
