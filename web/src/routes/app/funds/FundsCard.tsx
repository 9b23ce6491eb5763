import { ArrowDownToLine, ArrowUpFromLine, Banknote } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/Card';
import { BalanceBreakdown } from './AccountMetricsCards';
import { DepositForm } from './DepositForm';
import { Tabs } from '../../../components/ui/Tabs';
import { WithdrawForm } from './WithdrawForm';

/** The two tabs; typed so that a check against a misspelt tab cannot compile (spec §2's 'withdraw' bug). */
export type FundsAction = 'deposit' | 'withdrawal';

/** Deposit and withdrawal tabs of the Account page, both really submitting. */
export function FundsCard({ userId }: { userId: number }) {
  const { t } = useTranslation('app');
  const [tab, setTab] = useState<FundsAction>('deposit');
  return (
    <SectionCard title={t('funds.title')} icon={Banknote} testId="funds-card">
      <div className="flex flex-col gap-4">
        <BalanceBreakdown userId={userId} />
        <Tabs<FundsAction>
          label={t('funds.tabs')}
          value={tab}
          onValueChange={setTab}
          tabs={[
            { value: 'deposit', label: t('funds.deposit'), icon: ArrowUpFromLine, content: <DepositForm /> },
            {
              value: 'withdrawal',
              label: t('funds.withdrawal'),
              icon: ArrowDownToLine,
              content: <WithdrawForm userId={userId} />,
            },
          ]}
        />
      </div>
    </SectionCard>
  );
}
