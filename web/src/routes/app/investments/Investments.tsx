import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../api/account';
import { PageHeader } from '../../../components/Card';
import { QuickInvest } from '../../../components/QuickInvest';
import { PageLoader } from '../../../components/Spinner';
import { usePageTitle } from '../../../lib/usePageTitle';
import { InvestForm } from './InvestForm';
import { InvestmentSummary, WithdrawButton } from './InvestmentSummary';
import { PayoutHistory } from './PayoutHistory';
import { PerformanceChart } from './PerformanceChart';
import { PortfolioGrid } from './PortfolioGrid';

/** /app/:userName/investments (spec §2 Investments). */
export function Component() {
  const { t } = useTranslation('app');
  usePageTitle(t('investments.pageTitle'));
  const { session } = useAccount();
  if (!session) return <PageLoader />;
  return (
    <div
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="investments-page"
    >
      <PageHeader title={t('investments.title')} description={t('investments.description')}>
        <WithdrawButton userId={session.id} />
      </PageHeader>
      <InvestmentSummary userId={session.id} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <PerformanceChart />
          <PortfolioGrid userId={session.id} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <InvestForm />
          <QuickInvest />
        </div>
      </div>
      <PayoutHistory userId={session.id} />
    </div>
  );
}
