import { ArrowDownToLine, Rocket, TrendingUp, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useAccount, useUpdateProfile } from '../../../api/account';
import { errorMessage } from '../../../api/client';
import { useSiteName } from '../../../api/queries';
import { Modal } from '../../../components/ui/Modal';

// Keys, not words: the steps are read in the active language where they render.
const STEPS = [
  { icon: Rocket, title: 'onboarding.welcome.title', body: 'onboarding.welcome.body' },
  { icon: ArrowDownToLine, title: 'onboarding.fund.title', body: 'onboarding.fund.body' },
  { icon: TrendingUp, title: 'onboarding.invest.title', body: 'onboarding.invest.body' },
] as const satisfies readonly { icon: LucideIcon; title: string; body: string }[];

/**
 * The three-step introduction (spec §2 Dashboard, §4 Onboarding): shown until the profile
 * says it was completed; Get Started saves that through the profile update.
 */
export function OnboardingModal() {
  const { t } = useTranslation('app');
  const { t: tc } = useTranslation('common');
  const { session, profile } = useAccount();
  const siteName = useSiteName();
  const update = useUpdateProfile(session?.id ?? 0);
  const [step, setStep] = useState(0);
  const open = profile.data !== undefined && !profile.data.hasCompletedOnboarding;
  const current = STEPS[step] ?? STEPS[0];
  const Icon = current.icon;
  const last = step === STEPS.length - 1;

  const finish = () => {
    if (!session) {
      toast.error(t('onboarding.noUser'));
      return;
    }
    update.mutate(
      { hasCompletedOnboarding: true },
      {
        onSuccess: () => toast.success(t('onboarding.done')),
        onError: (err) => toast.error(errorMessage(err, t('onboarding.failed'))),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={() => undefined}
      dismissible={false}
      title={t('onboarding.title', { siteName })}
      description={t('onboarding.step', { step: step + 1, total: STEPS.length })}
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
              {tc('action.back')}
            </button>
          ) : null}
          {last ? (
            <button type="button" className="btn-primary" onClick={finish} disabled={update.isPending}>
              {update.isPending ? t('onboarding.saving') : t('onboarding.start')}
            </button>
          ) : (
            <button type="button" className="btn-primary" onClick={() => setStep(step + 1)}>
              {tc('action.next')}
            </button>
          )}
        </>
      }
    >
      <div className="flex flex-col items-center gap-3 py-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-navy text-amber-300">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h3 className="text-lg font-semibold">{t(current.title)}</h3>
        <p className="text-muted">{t(current.body)}</p>
        <ol className="mt-2 flex gap-2" aria-label={t('onboarding.progress')}>
          {STEPS.map((s, i) => (
            <li key={s.title} className={`h-2 w-8 rounded-full ${i <= step ? 'bg-accent-bg' : 'bg-surface-2'}`}>
              <span className="sr-only">
                {i < step
                  ? t('onboarding.stepDone', { title: t(s.title) })
                  : i === step
                    ? t('onboarding.stepCurrent', { title: t(s.title) })
                    : t(s.title)}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </Modal>
  );
}
