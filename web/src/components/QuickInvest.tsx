import { Zap } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { usePlans, useInvest, type Plan } from '../api/investments';
import { KYC_REQUIRED } from '@contract/kyc';
import { ApiError, errorMessage } from '../api/client';
import { useSession } from '../api/session';
import { verificationPath } from './KycBanner';
import { formatMoney } from '../lib/format';
import { SectionCard } from './Card';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadError } from './Notice';
import { Spinner } from './Spinner';

/** The open plans, each with a one-click investment of the plan's maximum (confirmed first). */
export function QuickInvest() {
  const plans = usePlans();
  const invest = useInvest();
  const [chosen, setChosen] = useState<Plan | null>(null);
  const navigate = useNavigate();
  const { data: session } = useSession();

  const confirm = () => {
    if (!chosen) return;
    invest.mutate(
      { planId: chosen.id, amount: chosen.maximumInvestment.toFixed(2) },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setChosen(null);
        },
        onError: (err) => {
          const message = errorMessage(err, 'Could not create the investment. Please try again.');
          // The identity gate says what to do; offer the way there.
          if (err instanceof ApiError && err.code === KYC_REQUIRED && session) {
            toast.error(message, {
              action: { label: 'Verify identity', onClick: () => void navigate(verificationPath(session.userName)) },
            });
            setChosen(null);
          } else toast.error(message);
        },
      },
    );
  };

  return (
    <SectionCard
      title="Quick Invest"
      description="Invest a plan's maximum in one click."
      icon={Zap}
      testId="quick-invest"
    >
      {plans.isPending ? (
        <Spinner />
      ) : plans.isError ? (
        <LoadError error={plans.error} fallback="Could not load the plans" onRetry={() => void plans.refetch()} />
      ) : plans.data.length === 0 ? (
        <p className="text-sm text-muted">No plans are open right now.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {plans.data.map((plan) => (
            <li key={plan.id} className="flex flex-col gap-2 rounded-lg border border-line px-3 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words">{plan.name}</p>
                <p className="text-xs text-muted">
                  {plan.interestRate}% over {plan.duration} days
                </p>
              </div>
              <button
                type="button"
                className="btn-secondary w-full"
                onClick={() => setChosen(plan)}
                aria-label={`Invest ${formatMoney(plan.maximumInvestment)} in ${plan.name}`}
              >
                Invest {formatMoney(plan.maximumInvestment)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={chosen !== null}
        onCancel={() => setChosen(null)}
        onConfirm={confirm}
        title="Confirm investment"
        description={
          chosen
            ? `Invest ${formatMoney(chosen.maximumInvestment)} in ${chosen.name} for ${chosen.duration} days?`
            : undefined
        }
        confirmLabel="Confirm"
        busyLabel="Investing..."
        busy={invest.isPending}
      />
    </SectionCard>
  );
}
