import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  BarChart3,
  ChevronRight,
  Clock,
  Coins,
  Landmark,
  Lock,
  PieChart as PieIcon,
  Settings,
  TrendingUp,
  UserPlus,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  useAdminDashboard,
  useAdminDashboardChart,
  useUserMetrics,
  type AdminDashboardChart,
  type AdminDashboardMetrics,
  type DashboardPeriod,
  type UserMetrics,
} from '../../../api/dashboard';
import type { Chart } from '@contract/metrics';
import { PageHeader, SectionCard, StatCard } from '../../../components/Card';
import { BarChart } from '../../../components/chart/BarChart';
import { isEmptyChart } from '../../../components/chart/ChartEmpty';
import { PieChart } from '../../../components/chart/DoughnutChart';
import { CHART_PERIOD_OPTIONS, PeriodSelector } from '../../../components/chart/PeriodSelector';
import { QueryView } from '../../../components/QueryView';
import { Spinner } from '../../../components/Spinner';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';

const LINKS: { to: string; label: string; description: string; icon: LucideIcon }[] = [
  { to: '/app/admin/manage-users', label: 'Manage Users', description: 'Accounts, roles and status', icon: Users },
  {
    to: '/app/admin/manage-transactions',
    label: 'Manage Transactions',
    description: 'Every money movement',
    icon: ArrowLeftRight,
  },
  { to: '/app/admin/site-settings', label: 'Site Settings', description: 'Platform configuration', icon: Settings },
];

/** The overview's figures; `…` for each one whose query has not answered yet. */
function OverviewFigures({ m, u }: { m?: AdminDashboardMetrics; u?: UserMetrics }) {
  const show = (value: string | undefined) => value ?? '…';
  return (
    <section aria-labelledby="overview-title" className="flex flex-col gap-3">
      <h2 id="overview-title" className="text-lg font-semibold">
        Platform overview
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="platform-overview">
        <StatCard icon={Users} label="Total Users" value={show(m && String(m.totalUsers))} testId="admin-total-users" />
        <StatCard
          icon={UserPlus}
          label="New Users Today"
          value={show(u && String(u.newUsersToday))}
          testId="admin-new-users"
        />
        <StatCard
          icon={TrendingUp}
          label="Active Users"
          value={show(u && `${u.activeUsersPercentage.toFixed(2)}%`)}
          testId="admin-active-users"
        />
        <StatCard
          icon={ArrowLeftRight}
          label="Total Transactions"
          value={show(m && String(m.totalTransactions))}
          testId="admin-total-transactions"
        />
        <StatCard
          icon={Coins}
          label="Investment Volume"
          value={show(m && formatMoney(m.totalInvestmentVolume))}
          testId="admin-investment-volume"
        />
        <StatCard
          icon={BarChart3}
          label="Active Investments"
          value={show(m && String(m.activeInvestments))}
          testId="admin-active-investments"
        />
        <StatCard
          icon={Lock}
          label="Running Principal"
          value={show(m && formatMoney(m.activeInvestmentPrincipal))}
          testId="admin-running-principal"
        />
        <StatCard
          icon={ArrowDownToLine}
          label="Deposits Received"
          value={show(m && formatMoney(m.totalDepositVolume))}
          testId="admin-deposit-volume"
        />
        <StatCard
          icon={ArrowUpFromLine}
          label="Withdrawals Paid"
          value={show(m && formatMoney(m.totalWithdrawalVolume))}
          testId="admin-withdrawal-volume"
        />
        <StatCard
          icon={Wallet}
          label="Returns Paid"
          value={show(m && formatMoney(m.totalReturnsPaid))}
          testId="admin-returns-paid"
        />
        <StatCard
          icon={Landmark}
          label="User Balances"
          value={show(m && formatMoney(m.totalUserBalances))}
          testId="admin-user-balances"
        />
        <StatCard
          icon={Clock}
          label="Pending Deposits / Withdrawals"
          value={show(m && `${m.pendingDeposits} / ${m.pendingWithdrawals}`)}
          testId="admin-pending"
        />
      </div>
    </section>
  );
}

/** Platform overview (spec §3 Admin and User metrics): every figure from the server. */
function Overview() {
  const overview = useAdminDashboard();
  const people = useUserMetrics();
  return (
    <QueryView
      query={overview}
      fallback="Failed to fetch data"
      errorClassName="card"
      pending={<OverviewFigures u={people.data} />}
    >
      {(m) => (
        <QueryView
          query={people}
          fallback="Failed to fetch user metrics"
          errorClassName="card"
          pending={<OverviewFigures m={m} />}
        >
          {(u) => <OverviewFigures m={m} u={u} />}
        </QueryView>
      )}
    </QueryView>
  );
}

function ChartBody({
  chart,
  empty,
  children,
}: {
  chart: Chart | undefined;
  empty: string;
  children: (chart: Chart) => ReactNode;
}) {
  if (!chart) return <Spinner />;
  if (isEmptyChart(chart))
    return <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-muted">{empty}</p>;
  return <>{children(chart)}</>;
}

/** The Activity section: its period selector and three charts, a spinner in each until `data` arrives. */
function ActivityCharts({
  period,
  onPeriodChange,
  data,
}: {
  period: DashboardPeriod;
  onPeriodChange: (period: DashboardPeriod) => void;
  data?: AdminDashboardChart;
}) {
  const over = `over the last ${period}`;
  return (
    <section aria-labelledby="charts-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="charts-title" className="text-lg font-semibold">
          Activity
        </h2>
        <PeriodSelector label="Chart period" options={CHART_PERIOD_OPTIONS} value={period} onChange={onPeriodChange} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard
          title="User Growth"
          description="New registrations and the running total."
          icon={Users}
          testId="user-growth-chart"
        >
          <ChartBody chart={data?.userGrowth} empty="No users yet">
            {/* New users as bars, the running total as a line on its own axis: neither hides the other. */}
            {(c) => <BarChart data={c} label={`User growth ${over}`} lines={['Total users']} counts />}
          </ChartBody>
        </SectionCard>
        <SectionCard
          title="Transaction Volume"
          description="Completed deposits, withdrawals and investments."
          icon={BarChart3}
          testId="transaction-volume-chart"
        >
          <ChartBody chart={data?.transactionVolume} empty="No completed transactions in this period">
            {(c) => <BarChart data={c} label={`Transaction volume ${over}`} />}
          </ChartBody>
        </SectionCard>
      </div>
      <SectionCard
        title="Investment Distribution"
        description="Principal now running in each plan."
        icon={PieIcon}
        testId="investment-distribution-chart"
      >
        <ChartBody chart={data?.investmentDistribution} empty="No running investments">
          {(c) => (
            <div className="grid items-center gap-4 md:grid-cols-2">
              <PieChart data={c} label="Running principal per plan" />
              <ul className="flex flex-col gap-2 text-sm">
                {c.labels.map((name, i) => (
                  <li key={name} className="flex justify-between gap-3 rounded-lg bg-surface-2 px-3 py-2">
                    <span className="truncate">{name}</span>
                    <span className="font-semibold">{formatMoney(c.datasets[0]?.data[i])}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </ChartBody>
      </SectionCard>
    </section>
  );
}

/** User growth, transaction volume and investment distribution over the chosen period. */
function Charts() {
  const [period, setPeriod] = useState<DashboardPeriod>('month');
  const charts = useAdminDashboardChart(period);
  return (
    <QueryView
      query={charts}
      fallback="Failed to fetch chart data"
      errorClassName="card"
      pending={<ActivityCharts period={period} onPeriodChange={setPeriod} />}
    >
      {(data) => <ActivityCharts period={period} onPeriodChange={setPeriod} data={data} />}
    </QueryView>
  );
}

/** /app/admin/dashboard (spec §2 admin Dashboard). */
export function Component() {
  usePageTitle('Admin Dashboard');
  return (
    <div
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="admin-dashboard"
    >
      <PageHeader title="Admin Dashboard" description="The platform at a glance." />
      <Overview />
      <Charts />
      <nav aria-label="Quick links" className="grid gap-4 sm:grid-cols-3" data-testid="quick-links">
        {LINKS.map(({ to, label, description, icon: Icon }) => (
          <Link key={to} to={to} className="card flex items-center gap-3 p-4 hover:border-accent">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-accent">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{label}</span>
              <span className="block text-sm text-muted">{description}</span>
            </span>
            <ChevronRight className="size-4 shrink-0 text-muted" aria-hidden="true" />
          </Link>
        ))}
      </nav>
    </div>
  );
}
