import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../api/account';
import { PageHeader } from '../../../components/Card';
import { KycBanner } from '../../../components/KycBanner';
import { PageLoader } from '../../../components/Spinner';
import { usePageTitle } from '../../../lib/usePageTitle';
import { AccountMetricsCards } from './AccountMetricsCards';
import { FundsCard } from './FundsCard';
import { FundsHistory } from './FundsHistory';
import { TransactionsChart } from './TransactionsChart';

/** /app/:userName/account (spec §2 Account): figures, chart, deposit/withdrawal and history. */
export function Component() {
  const { t } = useTranslation('app');
  usePageTitle(t('account.pageTitle'));
  const { session } = useAccount();
  if (!session) return <PageLoader />;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8" data-testid="account-page">
      <PageHeader title={t('account.title')} description={t('account.description')} />
      <KycBanner userId={session.id} userName={session.userName} />
      <AccountMetricsCards userId={session.id} />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-3">
          <TransactionsChart userId={session.id} />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <FundsCard userId={session.id} />
        </div>
      </div>
      <FundsHistory userId={session.id} userName={session.userName} />
    </div>
  );
}
