import { ArrowDownToLine, Rocket, TrendingUp, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAccount, useUpdateProfile } from '../../../api/account';
import { errorMessage } from '../../../api/client';
import { useSiteName } from '../../../api/queries';
import { Modal } from '../../../components/ui/Modal';

const STEPS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Rocket,
    title: 'Welcome aboard',
    body: 'Your dashboard shows your balance, profit and loss, deposits and every investment package you hold, in one place.',
  },
  {
    icon: ArrowDownToLine,
    title: 'Fund your account',
    body: 'Deposit in BTC or USDT from the Deposit tab. Your balance is credited as soon as the payment is confirmed.',
  },
  {
    icon: TrendingUp,
    title: 'Invest and earn',
    body: 'Pick a plan under Quick Invest. Returns are paid daily and can be withdrawn any time; the principal comes back when the plan ends.',
  },
];

/**
 * The three-step introduction (spec §2 Dashboard, §4 Onboarding): shown until the profile
 * says it was completed; Get Started saves that through the profile update.
 */
export function OnboardingModal() {
  const { session, profile } = useAccount();
  const siteName = useSiteName();
  const update = useUpdateProfile(session?.id ?? 0);
  const [step, setStep] = useState(0);
  const open = profile.data !== undefined && !profile.data.hasCompletedOnboarding;
  const current = STEPS[step]!;
  const Icon = current.icon;
  const last = step === STEPS.length - 1;

  const finish = () => {
    if (!session) {
      toast.error('User ID not found');
      return;
    }
    update.mutate(
      { hasCompletedOnboarding: true },
      {
        onSuccess: () => toast.success('Onboarding completed successfully!'),
        onError: (err) => toast.error(errorMessage(err, 'Failed to update profile')),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={() => undefined}
      dismissible={false}
      title={`Welcome to ${siteName}`}
      description={`Step ${step + 1} of ${STEPS.length}`}
      testId="onboarding"
      footer={
        <>
          {step > 0 ? (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setStep(step - 1)}
              disabled={update.isPending}
            >
              Back
            </button>
          ) : null}
          {last ? (
            <button type="button" className="btn-primary" onClick={finish} disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Get Started'}
            </button>
          ) : (
            <button type="button" className="btn-primary" onClick={() => setStep(step + 1)}>
              Next
            </button>
          )}
        </>
      }
    >
      <div className="flex flex-col items-center gap-3 py-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-navy text-amber-300">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h3 className="text-lg font-semibold">{current.title}</h3>
        <p className="text-muted">{current.body}</p>
        <ol className="mt-2 flex gap-2" aria-label="Progress">
          {STEPS.map((s, i) => (
            <li key={s.title} className={`h-2 w-8 rounded-full ${i <= step ? 'bg-accent-bg' : 'bg-surface-2'}`}>
              <span className="sr-only">
                {s.title}
                {i < step ? ' (done)' : i === step ? ' (current)' : ''}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </Modal>
  );
}
