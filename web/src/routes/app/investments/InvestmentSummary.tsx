import { ArrowDownToLine, PiggyBank, TrendingUp, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInvestmentMetrics, type UserInvestmentMetrics } from '../../../api/investments';
import { StatCard } from '../../../components/Card';
import { Modal } from '../../../components/ui/Modal';
import { QueryView } from '../../../components/QueryView';
import { formatMoney } from '../../../lib/format';
import { WithdrawForm } from '../funds/WithdrawForm';

/** Withdraw Funds: the withdrawal form (quote, then confirm) in a dialog. */
export function WithdrawButton({ userId }: { userId: number }) {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
        <ArrowDownToLine className="size-4" aria-hidden="true" />
        {t('investments.withdraw.button')}
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t('investments.withdraw.button')}
        description={t('investments.withdraw.description')}
        testId="withdraw-modal"
      >
        <WithdrawForm userId={userId} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}

/** The three figures; `…` until `m` arrives. */
function SummaryFigures({ m }: { m?: UserInvestmentMetrics }) {
  const { t } = useTranslation('app');
  const show = (v: number | undefined) => (m ? formatMoney(v) : '…');
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard
        icon={Wallet}
        label={t('investments.summary.balance')}
        value={show(m?.totalInvestmentBalance)}
        testId="total-balance"
      />
      <StatCard
        icon={PiggyBank}
        label={t('investments.summary.invested')}
        value={show(m?.totalInvestmentPrincipal)}
        testId="total-invested"
      />
      <StatCard
        icon={TrendingUp}
        label={t('investments.summary.returns')}
        value={show(m?.totalInvestmentReturns)}
        testId="total-returns"
      />
    </div>
  );
}

/** Total balance, amount invested and returns (spec §2 Investments). */
export function InvestmentSummary({ userId }: { userId: number }) {
  const { t } = useTranslation('app');
  const metrics = useUserInvestmentMetrics(userId);
  return (
    <QueryView query={metrics} fallback={t('investments.summary.loadFailed')} pending={<SummaryFigures />}>
      {(m) => <SummaryFigures m={m} />}
    </QueryView>
  );
}
