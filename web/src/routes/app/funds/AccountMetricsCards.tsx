import { Award, ArrowLeftRight, TrendingUp, Wallet } from 'lucide-react';
import { useAccountMetrics, type AccountMetrics } from '../../../api/funds';
import { StatCard } from '../../../components/Card';
import { QueryView } from '../../../components/QueryView';
import { formatMoney } from '../../../lib/format';

/** "gold" → "Gold" (spec §3: the account level is shown capitalised). */
export const capitalise = (word: string) => (word ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() : '—');

/** The four figures; `…` until `m` arrives. */
function MetricsFigures({ m }: { m?: AccountMetrics }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="account-metrics">
      <StatCard
        icon={Wallet}
        label="Total Balance"
        value={m ? formatMoney(m.totalBalance) : '…'}
        testId="account-total-balance"
      />
      <StatCard
        icon={ArrowLeftRight}
        label="Total Transactions"
        value={m ? String(m.totalTransactions) : '…'}
        testId="account-total-transactions"
      />
      <StatCard
        icon={TrendingUp}
        label="Active Investments"
        value={m ? String(m.activeInvestments) : '…'}
        testId="account-active-investments"
      />
      <StatCard
        icon={Award}
        label="Account Level"
        value={m ? capitalise(m.accountLevel) : '…'}
        testId="account-level"
      />
    </div>
  );
}

/** Total balance, transactions, running investments and account level (spec §3 Account metrics). */
export function AccountMetricsCards({ userId }: { userId: number }) {
  const metrics = useAccountMetrics(userId);
  return (
    <QueryView query={metrics} fallback="Failed to fetch user metrics" pending={<MetricsFigures />}>
      {(m) => <MetricsFigures m={m} />}
    </QueryView>
  );
}

/** Available, invested and held: how the total balance splits. */
export function BalanceBreakdown({ userId }: { userId: number }) {
  const { data: m } = useAccountMetrics(userId);
  if (!m) return null;
  const parts: [string, number][] = [
    ['Available', m.availableBalance],
    ['Invested', m.investedBalance],
    ['On hold', m.withdrawalHold],
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
