import { ArrowDownToLine, PiggyBank, TrendingUp, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useUserInvestmentMetrics, type UserInvestmentMetrics } from '../../../api/investments';
import { StatCard } from '../../../components/Card';
import { Modal } from '../../../components/ui/Modal';
import { QueryView } from '../../../components/QueryView';
import { formatMoney } from '../../../lib/format';
import { WithdrawForm } from '../funds/WithdrawForm';

/** Withdraw Funds: the withdrawal form (quote, then confirm) in a dialog. */
export function WithdrawButton({ userId }: { userId: number }) {
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
        description="Paid to the wallet or bank account saved in your profile."
        testId="withdraw-modal"
      >
        <WithdrawForm userId={userId} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}

/** The three figures; `…` until `m` arrives. */
function SummaryFigures({ m }: { m?: UserInvestmentMetrics }) {
  const show = (v: number | undefined) => (m ? formatMoney(v) : '…');
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard
        icon={Wallet}
        label="Total Investment Balance"
        value={show(m?.totalInvestmentBalance)}
        testId="total-balance"
      />
      <StatCard
        icon={PiggyBank}
        label="Total Amount Invested"
        value={show(m?.totalInvestmentPrincipal)}
        testId="total-invested"
      />
      <StatCard
        icon={TrendingUp}
        label="Total Returns"
        value={show(m?.totalInvestmentReturns)}
        testId="total-returns"
      />
    </div>
  );
}

/** Total balance, amount invested and returns (spec §2 Investments). */
export function InvestmentSummary({ userId }: { userId: number }) {
  const metrics = useUserInvestmentMetrics(userId);
  return (
    <QueryView query={metrics} fallback="Could not load your investment figures" pending={<SummaryFigures />}>
      {(m) => <SummaryFigures m={m} />}
    </QueryView>
  );
}
