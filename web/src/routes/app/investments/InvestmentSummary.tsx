import { ArrowDownToLine, PiggyBank, TrendingUp, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useUserInvestmentMetrics } from '../../../api/investments';
import { StatCard } from '../../../components/Card';
import { Modal } from '../../../components/Modal';
import { LoadError } from '../../../components/Notice';
import { formatMoney } from '../../../lib/format';

/** Withdrawals come with the funds feature: the dialog says so and cannot be submitted. */
export function WithdrawButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
        <ArrowDownToLine className="size-4" aria-hidden="true" />
        Withdraw Funds
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Withdraw Funds"
        size="sm"
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              Close
            </button>
            <button type="button" className="btn-primary" disabled>
              Request Withdrawal
            </button>
          </>
        }
      >
        <p className="text-sm">Withdrawals are not available yet: they arrive with the funds feature. Your investments and their returns are kept safe in the meantime.</p>
      </Modal>
    </>
  );
}

/** Total balance, amount invested and returns (spec §2 Investments). */
export function InvestmentSummary({ userId }: { userId: number }) {
  const metrics = useUserInvestmentMetrics(userId);
  if (metrics.isError) return <LoadError error={metrics.error} fallback="Could not load your investment figures" onRetry={() => void metrics.refetch()} />;
  const m = metrics.data;
  const show = (v: number | undefined) => (m ? formatMoney(v) : '…');
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard icon={Wallet} label="Total Investment Balance" value={show(m?.totalInvestmentBalance)} testId="total-balance" />
      <StatCard icon={PiggyBank} label="Total Amount Invested" value={show(m?.totalInvestmentPrincipal)} testId="total-invested" />
      <StatCard icon={TrendingUp} label="Total Returns" value={show(m?.totalInvestmentReturns)} testId="total-returns" />
    </div>
  );
}
