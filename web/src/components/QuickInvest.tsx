import { Zap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fromCents, wireToCents } from '@contract/money';
import { useAccountMetrics } from '../api/funds';
import { userBase } from '../lib/paths';
import { toast } from '../lib/toast';
import { useHolidays, usePlans, useInvest, type Plan } from '../api/investments';
import { termWords } from '../lib/planOffer';
import { PlanTermsCompact } from './PlanTerms';
import { KYC_REQUIRED } from '@contract/kyc-codes';
import { ApiError, errorMessage } from '../api/client';
import { useSession } from '../api/session';
import { translateMessage } from '../i18n/messages';
import { verificationPath } from './KycBanner';
import { formatMoney } from '../lib/format';
import { SectionCard } from './Card';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadError } from './Notice';
import { Spinner } from './Spinner';

/**
 * What one click invests in a plan with this balance: as much as the balance allows up to the
 * plan's maximum, or what it needs when the balance is below the plan's minimum. In cents, exact.
 */
export function quickOffer(plan: Plan, available: number): { amount: number } | { needs: number } {
  const balance = wireToCents(available);
  const amount = balance < wireToCents(plan.maximumInvestment) ? balance : wireToCents(plan.maximumInvestment);
  if (amount < wireToCents(plan.minimumInvestment)) return { needs: plan.minimumInvestment };
  return { amount: fromCents(amount) };
}

/** The open plans, each with a one-click investment of what the balance allows (confirmed first). */
export function QuickInvest() {
  const plans = usePlans();
  const holidays = useHolidays();
  const invest = useInvest();
  const [chosen, setChosen] = useState<{ plan: Plan; amount: number } | null>(null);
  const navigate = useNavigate();
  const { data: session } = useSession();
  const metrics = useAccountMetrics(session?.id ?? 0);
  const available = metrics.data?.availableBalance;
  const { t } = useTranslation(['ui', 'common']);

  const confirm = () => {
    if (!chosen) return;
    invest.mutate(
      { planId: chosen.plan.id, amount: chosen.amount.toFixed(2) },
      {
        onSuccess: ({ message }) => {
          toast.success(translateMessage(message));
          setChosen(null);
        },
        onError: (err) => {
          const message = errorMessage(err, t('quickInvest.failed'));
          // The identity gate says what to do; offer the way there.
          if (err instanceof ApiError && err.code === KYC_REQUIRED && session) {
            toast.error(message, {
              action: {
                label: t('quickInvest.verify'),
                onClick: () => void navigate(verificationPath(session.userName)),
              },
            });
          } else toast.error(message);
          // The offer was out of date (balance, plan): close; the list shows the new offer.
          setChosen(null);
        },
      },
    );
  };

  return (
    <SectionCard
      title={t('quickInvest.title')}
      description={t('quickInvest.description')}
      icon={Zap}
      testId="quick-invest"
    >
      {plans.isPending || (session && available === undefined && !metrics.isError) ? (
        <Spinner />
      ) : metrics.isError ? (
        <LoadError
          error={metrics.error}
          fallback={t('quickInvest.balanceFailed')}
          onRetry={() => void metrics.refetch()}
        />
      ) : plans.isError ? (
        <LoadError error={plans.error} fallback={t('quickInvest.plansFailed')} onRetry={() => void plans.refetch()} />
      ) : plans.data.length === 0 ? (
        <p className="text-sm text-muted">{t('quickInvest.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {plans.data.map((plan) => {
            const offer = quickOffer(plan, available ?? 0);
            return (
              <li key={plan.id} className="flex flex-col gap-2 rounded-lg border border-line px-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium break-words">{plan.name}</p>
                  <PlanTermsCompact plan={plan} holidays={holidays} />
                </div>
                {'amount' in offer ? (
                  <button
                    type="button"
                    className="btn-secondary w-full"
                    onClick={() => setChosen({ plan, amount: offer.amount })}
                    aria-label={t('quickInvest.investIn', { amount: formatMoney(offer.amount), plan: plan.name })}
                  >
                    {t('quickInvest.invest', { amount: formatMoney(offer.amount) })}
                  </button>
                ) : (
                  <p className="text-xs text-muted">
                    {t('quickInvest.needs', { min: formatMoney(offer.needs), balance: formatMoney(available) })}{' '}
                    {session ? (
                      <Link className="font-medium text-accent underline" to={`${userBase(session.userName)}/account`}>
                        {t('quickInvest.deposit')}
                      </Link>
                    ) : null}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-3 text-xs text-muted">{t('common:risk.notice')}</p>
      <ConfirmDialog
        open={chosen !== null}
        onCancel={() => setChosen(null)}
        onConfirm={confirm}
        title={t('quickInvest.confirmTitle')}
        description={
          chosen
            ? t(chosen.plan.capitalReturned ? 'quickInvest.confirmBody' : 'quickInvest.confirmBodyKept', {
                amount: formatMoney(chosen.amount),
                plan: chosen.plan.name,
                term: termWords(chosen.plan),
              })
            : undefined
        }
        confirmLabel={t('common:action.confirm')}
        busyLabel={t('quickInvest.investing')}
        busy={invest.isPending}
      />
    </SectionCard>
  );
}
