import { ArrowDownToLine, TrendingDown, TrendingUp, Wallet, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useUsdToCrypto, type UserDashboardMetrics } from '../../../api/dashboard';
import { QueryView } from '../../../components/QueryView';
import { formatMoney, formatNumber } from '../../../lib/format';

function FigureCard({
  icon: Icon,
  label,
  value,
  children,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <section className="card flex min-w-0 flex-col gap-2 p-5" data-testid={testId} aria-label={label}>
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-accent">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 className="text-sm font-medium text-muted">{label}</h2>
      </div>
      <p className="truncate text-2xl font-bold" data-testid={`${testId}-value`}>
        {value}
      </p>
      {children ? <div className="text-sm text-muted">{children}</div> : null}
    </section>
  );
}

/** A balance in a coin: dollars × the USD_{coin} rate (coin per dollar), 4 decimals. */
function CoinEquivalent({ coin, dollars }: { coin: 'BTC' | 'ETH'; dollars: number }) {
  const { t } = useTranslation('app');
  const rate = useUsdToCrypto(coin);
  const shown = (text: string) => <span data-testid={`balance-${coin.toLowerCase()}`}>{text}</span>;
  return (
    <QueryView
      query={rate}
      pending={shown(`… ${coin}`)}
      renderError={() => <span>{t('balance.coinUnavailable', { coin })}</span>}
    >
      {(r) =>
        shown(`${formatNumber(dollars * r.rate, { minimumFractionDigits: 4, maximumFractionDigits: 4 })} ${coin}`)
      }
    </QueryView>
  );
}

/** "+12.34%", "0.00%", "-5.00%" in the active language. */
const signed = (n: number) =>
  formatNumber(n / 100, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });

/** Total Balance (with BTC and ETH equivalents), Total Profit & Loss, Total Deposit (spec §2 Dashboard). */
export function BalanceCards({ metrics: m }: { metrics: UserDashboardMetrics }) {
  const { t } = useTranslation('app');
  const up = m.principalChange >= 0;
  return (
    <div className="grid gap-4 md:grid-cols-3" data-testid="dashboard-cards">
      <FigureCard icon={Wallet} label={t('balance.total')} value={formatMoney(m.accountBalance)} testId="total-balance">
        <p className="flex flex-wrap gap-x-3">
          <CoinEquivalent coin="BTC" dollars={m.accountBalance} />
          <CoinEquivalent coin="ETH" dollars={m.accountBalance} />
        </p>
      </FigureCard>
      <FigureCard
        icon={up ? TrendingUp : TrendingDown}
        label={t('balance.pnl')}
        value={formatMoney(m.principalChange)}
        testId="total-pnl"
      >
        <p>
          <Trans
            t={t}
            i18nKey="balance.ofNetDeposits"
            values={{ percent: signed(m.principalChangePercent) }}
            components={{
              percent: (
                <span
                  className={`font-semibold ${up ? 'text-emerald-700 dark:text-emerald-400' : 'text-danger'}`}
                  data-testid="total-pnl-percent"
                />
              ),
            }}
          />
        </p>
        <p>{t('balance.returnsRoi', { returns: formatMoney(m.totalReturns), roi: signed(m.investmentROI) })}</p>
      </FigureCard>
      <FigureCard
        icon={ArrowDownToLine}
        label={t('balance.deposit')}
        value={formatMoney(m.totalDeposits)}
        testId="total-deposit"
      >
        <p data-testid="pending-deposits">{t('balance.pending', { amount: formatMoney(m.totalPendingDeposits) })}</p>
      </FigureCard>
    </div>
  );
}
