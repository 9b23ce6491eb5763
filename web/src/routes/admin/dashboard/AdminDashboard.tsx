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
import { useTranslation } from 'react-i18next';
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
import { PeriodSelector } from '../../../components/chart/PeriodSelector';
import { QueryView } from '../../../components/QueryView';
import { Spinner } from '../../../components/Spinner';
import { useLocale } from '../../../i18n/locale';
import { formatMoney, formatNumber } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { localChart } from './chartLabels';

const LINKS = [
  {
    to: '/app/admin/manage-users',
    label: 'dashboard.links.users.label',
    description: 'dashboard.links.users.description',
    icon: Users,
  },
  {
    to: '/app/admin/manage-transactions',
    label: 'dashboard.links.transactions.label',
    description: 'dashboard.links.transactions.description',
    icon: ArrowLeftRight,
  },
  {
    to: '/app/admin/site-settings',
    label: 'dashboard.links.settings.label',
    description: 'dashboard.links.settings.description',
    icon: Settings,
  },
] as const satisfies readonly { to: string; label: string; description: string; icon: LucideIcon }[];

/** The overview's figures; `…` for each one whose query has not answered yet. */
function OverviewFigures({ m, u }: { m?: AdminDashboardMetrics; u?: UserMetrics }) {
  const { t } = useTranslation('admin');
  const show = (value: string | undefined) => value ?? '…';
  const percent = (value: number) =>
    formatNumber(value / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <section aria-labelledby="overview-title" className="flex flex-col gap-3">
      <h2 id="overview-title" className="text-lg font-semibold">
        {t('dashboard.overview.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="platform-overview">
        <StatCard
          icon={Users}
          label={t('dashboard.overview.totalUsers')}
          value={show(m && formatNumber(m.totalUsers))}
          testId="admin-total-users"
        />
        <StatCard
          icon={UserPlus}
          label={t('dashboard.overview.newUsersToday')}
          value={show(u && formatNumber(u.newUsersToday))}
          testId="admin-new-users"
        />
        <StatCard
          icon={TrendingUp}
          label={t('dashboard.overview.activeUsers')}
          value={show(u && percent(u.activeUsersPercentage))}
          testId="admin-active-users"
        />
        <StatCard
          icon={ArrowLeftRight}
          label={t('dashboard.overview.totalTransactions')}
          value={show(m && formatNumber(m.totalTransactions))}
          testId="admin-total-transactions"
        />
        <StatCard
          icon={Coins}
          label={t('dashboard.overview.investmentVolume')}
          value={show(m && formatMoney(m.totalInvestmentVolume))}
          testId="admin-investment-volume"
        />
        <StatCard
          icon={BarChart3}
          label={t('dashboard.overview.activeInvestments')}
          value={show(m && formatNumber(m.activeInvestments))}
          testId="admin-active-investments"
        />
        <StatCard
          icon={Lock}
          label={t('dashboard.overview.runningPrincipal')}
          value={show(m && formatMoney(m.activeInvestmentPrincipal))}
          testId="admin-running-principal"
        />
        <StatCard
          icon={ArrowDownToLine}
          label={t('dashboard.overview.depositsReceived')}
          value={show(m && formatMoney(m.totalDepositVolume))}
          testId="admin-deposit-volume"
        />
        <StatCard
          icon={ArrowUpFromLine}
          label={t('dashboard.overview.withdrawalsPaid')}
          value={show(m && formatMoney(m.totalWithdrawalVolume))}
          testId="admin-withdrawal-volume"
        />
        <StatCard
          icon={Wallet}
          label={t('dashboard.overview.returnsPaid')}
          value={show(m && formatMoney(m.totalReturnsPaid))}
          testId="admin-returns-paid"
        />
        <StatCard
          icon={Landmark}
          label={t('dashboard.overview.userBalances')}
          value={show(m && formatMoney(m.totalUserBalances))}
          testId="admin-user-balances"
        />
        <StatCard
          icon={Clock}
          label={t('dashboard.overview.pending')}
          value={show(m && `${formatNumber(m.pendingDeposits)} / ${formatNumber(m.pendingWithdrawals)}`)}
          testId="admin-pending"
        />
      </div>
    </section>
  );
}

/** Platform overview (spec §3 Admin and User metrics): every figure from the server. */
function Overview() {
  const { t } = useTranslation('admin');
  const overview = useAdminDashboard();
  const people = useUserMetrics();
  return (
    <QueryView
      query={overview}
      fallback={t('shared.failedToFetch')}
      errorClassName="card"
      pending={<OverviewFigures u={people.data} />}
    >
      {(m) => (
        <QueryView
          query={people}
          fallback={t('dashboard.overview.failedUsers')}
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

const PERIODS = ['week', 'month', 'year'] as const satisfies readonly DashboardPeriod[];
const PERIOD = {
  week: 'dashboard.charts.periods.week',
  month: 'dashboard.charts.periods.month',
  year: 'dashboard.charts.periods.year',
} as const satisfies Record<DashboardPeriod, string>;
/** "over the last month": the end of each chart's accessible name. */
const OVER = {
  week: 'dashboard.charts.over.week',
  month: 'dashboard.charts.over.month',
  year: 'dashboard.charts.over.year',
} as const satisfies Record<DashboardPeriod, string>;
/** The series the server names (server/modules/metrics/dashboard-chart.ts); another one shows as named. */
const SERIES = {
  'New users': 'dashboard.charts.series.newUsers',
  'Total users': 'dashboard.charts.series.totalUsers',
  'Deposits ($)': 'dashboard.charts.series.deposits',
  'Withdrawals ($)': 'dashboard.charts.series.withdrawals',
  'Investments ($)': 'dashboard.charts.series.investments',
  'Active principal ($)': 'dashboard.charts.series.activePrincipal',
} as const;

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
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const over = t(OVER[period]);
  const series = (name: string) => (Object.hasOwn(SERIES, name) ? t(SERIES[name as keyof typeof SERIES]) : name);
  const periods = PERIODS.map((value) => ({ value, label: t(PERIOD[value]) }));
  return (
    <section aria-labelledby="charts-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="charts-title" className="text-lg font-semibold">
          {t('dashboard.charts.title')}
        </h2>
        <PeriodSelector
          label={t('dashboard.charts.period')}
          options={periods}
          value={period}
          onChange={onPeriodChange}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard
          title={t('dashboard.charts.userGrowth.title')}
          description={t('dashboard.charts.userGrowth.description')}
          icon={Users}
          testId="user-growth-chart"
        >
          <ChartBody chart={data?.userGrowth} empty={t('dashboard.charts.userGrowth.empty')}>
            {/* New users as bars, the running total as a line on its own axis: neither hides the other. */}
            {(c) => (
              <BarChart
                data={localChart(c, locale, series)}
                label={t('dashboard.charts.userGrowth.label', { over })}
                lines={[series('Total users')]}
                counts
              />
            )}
          </ChartBody>
        </SectionCard>
        <SectionCard
          title={t('dashboard.charts.transactionVolume.title')}
          description={t('dashboard.charts.transactionVolume.description')}
          icon={BarChart3}
          testId="transaction-volume-chart"
        >
          <ChartBody chart={data?.transactionVolume} empty={t('dashboard.charts.transactionVolume.empty')}>
            {(c) => (
              <BarChart
                data={localChart(c, locale, series)}
                label={t('dashboard.charts.transactionVolume.label', { over })}
              />
            )}
          </ChartBody>
        </SectionCard>
      </div>
      <SectionCard
        title={t('dashboard.charts.distribution.title')}
        description={t('dashboard.charts.distribution.description')}
        icon={PieIcon}
        testId="investment-distribution-chart"
      >
        <ChartBody chart={data?.investmentDistribution} empty={t('dashboard.charts.distribution.empty')}>
          {(c) => (
            <div className="grid items-center gap-4 md:grid-cols-2">
              {/* The labels are plan names, as the operator typed them; only the series is named here. */}
              <PieChart
                data={{ labels: c.labels, datasets: c.datasets.map((d) => ({ ...d, label: series(d.label) })) }}
                label={t('dashboard.charts.distribution.label')}
              />
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
  const { t } = useTranslation('admin');
  const [period, setPeriod] = useState<DashboardPeriod>('month');
  const charts = useAdminDashboardChart(period);
  return (
    <QueryView
      query={charts}
      fallback={t('dashboard.charts.failed')}
      errorClassName="card"
      pending={<ActivityCharts period={period} onPeriodChange={setPeriod} />}
    >
      {(data) => <ActivityCharts period={period} onPeriodChange={setPeriod} data={data} />}
    </QueryView>
  );
}

/** /app/admin/dashboard (spec §2 admin Dashboard). */
export function Component() {
  const { t } = useTranslation('admin');
  usePageTitle(t('dashboard.title'));
  return (
    <div
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="admin-dashboard"
    >
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      <Overview />
      <Charts />
      <nav aria-label={t('dashboard.links.label')} className="grid gap-4 sm:grid-cols-3" data-testid="quick-links">
        {LINKS.map(({ to, label, description, icon: Icon }) => (
          <Link key={to} to={to} className="card flex items-center gap-3 p-4 hover:border-accent">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-accent">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{t(label)}</span>
              <span className="block text-sm text-muted">{t(description)}</span>
            </span>
            <ChevronRight className="size-4 shrink-0 text-muted" aria-hidden="true" />
          </Link>
        ))}
      </nav>
    </div>
  );
}
