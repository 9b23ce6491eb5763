import { ArrowDownToLine, Briefcase, Clock, Receipt, Users, Zap } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrationPart } from '../../../components/HydrationPart';
import { Link } from 'react-router';
import { useAccount } from '../../../api/account';
import { useKycState } from '../../../api/kyc';
import { useUserDashboard } from '../../../api/dashboard';
import { SectionCard, StatCard } from '../../../components/Card';
import { KycBanner } from '../../../components/KycBanner';
import { QueryView } from '../../../components/QueryView';
import { QuickInvest } from '../../../components/QuickInvest';
import { PageLoader, Spinner } from '../../../components/Spinner';
import { formatNumber } from '../../../lib/format';
import { userBase } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { Tabs } from '../../../components/ui/Tabs';
import { PerformanceChart } from '../investments/PerformanceChart';
import { BalanceCards } from './BalanceCards';
import { OnboardingModal } from './OnboardingModal';

type Tab = 'invest' | 'deposit';

// The first screen draws without these (and the form schemas, zod, they bring): the Deposit tab
// loads when opened, the packages below the figures as the page draws.
const DashboardDeposit = lazy(() => import('./DashboardDeposit'));
const PortfolioGrid = lazy(() => import('../investments/PortfolioGrid').then((m) => ({ default: m.PortfolioGrid })));

/** /app/:userName/dashboard (spec §2 Dashboard): the investor's figures, quick actions and packages. */
export function Component() {
  const { t } = useTranslation('app');
  usePageTitle(t('dashboard.pageTitle'));
  const { session, profile } = useAccount();
  const metrics = useUserDashboard(session?.id ?? 0);
  const kyc = useKycState(session?.id);
  const [tab, setTab] = useState<Tab>('invest');
  // The page draws once what sizes its top has arrived (the name, the identity banner, the
  // figures), so nothing below jumps down as each answer lands.
  if (!session || profile.isPending || kyc.isPending || metrics.isPending) return <PageLoader />;
  const name = profile.data?.firstName || session.userName;

  return (
    <div
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="dashboard-page"
    >
      <OnboardingModal />
      {/* A server-drawn dashboard hydrates section by section (HydrationPart). */}
      <section className="card relative overflow-hidden bg-navy p-6 text-white sm:p-8" data-testid="welcome-banner">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,181,36,0.25),transparent_60%)]"
        />
        <div className="relative flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
              {t('dashboard.welcome', { name })}
            </h1>
            <p className="mt-1 text-slate-300">{t('dashboard.intro')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to={`${userBase(session.userName)}/investments`} className="btn-primary">
              <Briefcase className="size-4" aria-hidden="true" />
              {t('dashboard.investments')}
            </Link>
            <Link
              to={`${userBase(session.userName)}/account`}
              className="btn border border-white/30 text-white hover:bg-white/10"
            >
              <Receipt className="size-4" aria-hidden="true" />
              {t('dashboard.account')}
            </Link>
          </div>
        </div>
      </section>
      <HydrationPart>
        <KycBanner userId={session.id} userName={session.userName} />
      </HydrationPart>

      <HydrationPart>
        <QueryView
          query={metrics}
          fallback={t('dashboard.loadFailed')}
          errorClassName="card"
          loadingLabel={t('dashboard.loading')}
        >
          {(m) => (
            <>
              <BalanceCards metrics={m} />
              <div className="grid gap-4 sm:grid-cols-3" data-testid="investment-metrics">
                <StatCard
                  icon={Briefcase}
                  label={t('dashboard.totalInvestments')}
                  value={formatNumber(m.totalInvestments)}
                  testId="metric-total-investments"
                />
                <StatCard
                  icon={ArrowDownToLine}
                  label={t('dashboard.totalDeposits')}
                  value={formatNumber(m.totalDepositsCount)}
                  testId="metric-total-deposits"
                />
                <StatCard
                  icon={Users}
                  label={t('dashboard.totalReferrals')}
                  value={formatNumber(m.totalReferralsCount)}
                  testId="metric-total-referrals"
                />
              </div>
            </>
          )}
        </QueryView>
      </HydrationPart>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <HydrationPart>
            <PerformanceChart />
          </HydrationPart>
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <HydrationPart>
            <Tabs<Tab>
              label={t('dashboard.quickActions')}
              value={tab}
              onValueChange={setTab}
              tabs={[
                { value: 'invest', label: t('dashboard.quickInvest'), icon: Zap, content: <QuickInvest /> },
                {
                  value: 'deposit',
                  label: t('dashboard.deposit'),
                  icon: ArrowDownToLine,
                  content: (
                    <SectionCard
                      title={t('dashboard.depositTitle')}
                      description={t('dashboard.depositDescription')}
                      icon={ArrowDownToLine}
                      testId="dashboard-deposit"
                    >
                      <Suspense fallback={<Spinner />}>
                        <DashboardDeposit />
                      </Suspense>
                    </SectionCard>
                  ),
                },
              ]}
            />
          </HydrationPart>
        </div>
      </div>

      <Suspense fallback={<Spinner />}>
        <PortfolioGrid
          userId={session.id}
          title={t('dashboard.packages')}
          widePageSize={3}
          testId="investment-packages"
        />
      </Suspense>

      <p
        className="flex items-center justify-center gap-2 text-center text-sm text-muted"
        data-testid="dashboard-footer"
      >
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        {t('dashboard.footer')}
      </p>
    </div>
  );
}
