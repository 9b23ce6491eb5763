import { Award, ArrowLeftRight, TrendingUp, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAccountMetrics, type AccountMetrics } from '../../../api/funds';
import { StatCard } from '../../../components/Card';
import { QueryView } from '../../../components/QueryView';
import { formatMoney, formatNumber } from '../../../lib/format';

/** "gold" → "Gold" (spec §3: the account level is shown capitalised). */
export const capitalise = (word: string) => (word ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() : '—');

// The account levels the server names (server/modules/metrics/account.ts), as keys; any other is shown as it
// comes, capitalised.
const LEVEL = {
  bronze: 'account.level.bronze',
  silver: 'account.level.silver',
  gold: 'account.level.gold',
  platinum: 'account.level.platinum',
} as const;
const isLevel = (level: string): level is keyof typeof LEVEL => Object.hasOwn(LEVEL, level);

/** The four figures; `…` until `m` arrives. */
function MetricsFigures({ m }: { m?: AccountMetrics }) {
  const { t } = useTranslation('app');
  const level = (word: string) => {
    const key = word.toLowerCase();
    return isLevel(key) ? t(LEVEL[key]) : capitalise(word);
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="account-metrics">
      <StatCard
        icon={Wallet}
        label={t('account.metrics.totalBalance')}
        value={m ? formatMoney(m.totalBalance) : '…'}
        testId="account-total-balance"
      />
      <StatCard
        icon={ArrowLeftRight}
        label={t('account.metrics.totalTransactions')}
        value={m ? formatNumber(m.totalTransactions) : '…'}
        testId="account-total-transactions"
      />
      <StatCard
        icon={TrendingUp}
        label={t('account.metrics.activeInvestments')}
        value={m ? formatNumber(m.activeInvestments) : '…'}
        testId="account-active-investments"
      />
      <StatCard
        icon={Award}
        label={t('account.metrics.level')}
        value={m ? level(m.accountLevel) : '…'}
        testId="account-level"
      />
    </div>
  );
}

/** Total balance, transactions, running investments and account level (spec §3 Account metrics). */
export function AccountMetricsCards({ userId }: { userId: number }) {
  const { t } = useTranslation('app');
  const metrics = useAccountMetrics(userId);
  return (
    <QueryView query={metrics} fallback={t('account.metrics.loadFailed')} pending={<MetricsFigures />}>
      {(m) => <MetricsFigures m={m} />}
    </QueryView>
  );
}

/** Available, invested and held: how the total balance splits. */
export function BalanceBreakdown({ userId }: { userId: number }) {
  const { t } = useTranslation('app');
  const { data: m } = useAccountMetrics(userId);
  if (!m) return null;
  const parts: [string, number][] = [
    [t('account.breakdown.available'), m.availableBalance],
    [t('account.breakdown.invested'), m.investedBalance],
    [t('account.breakdown.onHold'), m.withdrawalHold],
  ];
  return (
    <dl
      className="grid grid-cols-3 gap-2 rounded-lg bg-surface-2 px-3 py-2 text-center"
      data-testid="balance-breakdown"
    >
      {parts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="truncate text-xs text-muted">{label}</dt>
          <dd className="truncate text-sm font-semibold">{formatMoney(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
