import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronLeft, ChevronRight, UserPlus } from 'lucide-react';
import { useState, type FormEvent, type MouseEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { Msg, zRegistration } from '@contract/users';
import { register as registerAccount } from '../../../api/auth';
import { ApiError, errorMessage, fieldIssues } from '../../../api/client';
import { AuthCard } from '../../../components/Card';
import { SubmitButton } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';
import { currentLocale } from '../../../i18n/i18n';
import { translateMessage } from '../../../i18n/messages';
import { formatNumber } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { AccountStep, DisclaimerDialog, PersonalStep, SecurityStep } from './RegisterSteps';
import {
  CONFLICT_FIELDS,
  EMPTY_REGISTRATION,
  STEPS,
  progressPercent,
  referralFrom,
  registrationBody,
  stepOfField,
  type RegistrationField,
  type RegistrationValues,
} from './registerSteps';

type Registration = z.output<typeof zRegistration>;
const STEP_VIEWS = [AccountStep, PersonalStep, SecurityStep];

/** /register and /register/:referralId: three steps, a disclaimer, then the account. */
export function Component() {
  const { t } = useTranslation(['auth', 'messages', 'common']);
  usePageTitle(t('register.pageTitle'));
  const navigate = useNavigate();
  const { referralId } = useParams();
  const [search] = useSearchParams();
  const [step, setStep] = useState(0);
  const [stepError, setStepError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Registration | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm<RegistrationValues, unknown, Registration>({
    resolver: zodResolver(zRegistration),
    mode: 'onTouched',
    defaultValues: { ...EMPTY_REGISTRATION, referrerId: referralFrom(referralId, search) },
  });

  const last = step === STEPS.length - 1;
  const next = async () => {
    const ok = await form.trigger(STEPS[step]!.fields, { shouldFocus: true });
    setStepError(ok ? null : Msg.stepInvalid);
    if (ok) setStep((s) => s + 1);
  };
  const previous = () => {
    setStepError(null);
    setStep((s) => Math.max(0, s - 1));
  };
  const onSubmit = form.handleSubmit(
    (values) => {
      setStepError(null);
      setConfirming(values);
    },
    () => setStepError(Msg.stepInvalid),
  );

  const handleForm = (event: FormEvent<HTMLFormElement>) => {
    if (last) {
      void onSubmit(event);
      return;
    }
    event.preventDefault();
    void next();
  };

  const showServerErrors = (err: unknown) => {
    const issues = fieldIssues(err);
    const conflict = err instanceof ApiError ? CONFLICT_FIELDS[err.code] : undefined;
    if (conflict) issues.push({ field: conflict, message: err instanceof ApiError ? err.message : '' });
    for (const issue of issues) form.setError(issue.field as RegistrationField, { message: issue.message });
    if (issues.length > 0) setStep(Math.min(...issues.map((i) => stepOfField(i.field))));
    setServerError(errorMessage(err, t('register.failed')));
  };

  const accept = async () => {
    if (!confirming) return;
    setPending(true);
    setServerError(null);
    try {
      // The account starts in the language the visitor is reading in (no step asks for it).
      const { message } = await registerAccount(registrationBody(confirming, currentLocale()));
      toast.success(t('register.success'));
      void navigate('/login', { state: { notice: message } });
    } catch (err) {
      setConfirming(null);
      showServerErrors(err);
    } finally {
      setPending(false);
    }
  };

  // Keep focus in the field: its blur would re-validate, move the buttons and swallow the click.
  const keepFocus = (event: MouseEvent) => event.preventDefault();
  const percent = progressPercent(step);
  const StepView = STEP_VIEWS[step]!;
  return (
    <AuthCard
      icon={UserPlus}
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      wide
      testId="register-page"
      footer={
        <Trans
          t={t}
          i18nKey="register.haveAccount"
          components={{ signin: <Link to="/login" className="font-semibold text-accent hover:underline" /> }}
        />
      }
    >
      <div className="mb-6">
        <div className="flex items-center justify-between text-sm">
          <span className="font-semibold" data-testid="register-step">
            {t('register.stepOf', { step: step + 1, total: STEPS.length, title: t(STEPS[step]!.title) })}
          </span>
          <span className="text-muted">{formatNumber(percent / 100, { style: 'percent' })}</span>
        </div>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-surface-2"
          role="progressbar"
          aria-label={t('register.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div
            className="h-full rounded-full bg-accent-bg transition-[width] duration-300"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <FormProvider {...form}>
        <form className="flex flex-col gap-5" noValidate onSubmit={handleForm}>
          {serverError ? (
            <Notice tone="error" testId="register-error">
              {serverError}
            </Notice>
          ) : null}
          <StepView />
          {stepError ? (
            <Notice tone="error" testId="step-error">
              {translateMessage(stepError)}
            </Notice>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <button
              type="button"
              className="btn-secondary"
              onMouseDown={keepFocus}
              onClick={previous}
              disabled={step === 0}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
              {t('register.previous')}
            </button>
            <SubmitButton className="btn-primary" onMouseDown={keepFocus}>
              {last ? t('register.submit') : t('action.next', { ns: 'common' })}
              {last ? null : <ChevronRight className="size-4" aria-hidden="true" />}
            </SubmitButton>
          </div>
        </form>
      </FormProvider>
      <DisclaimerDialog
        open={confirming !== null}
        pending={pending}
        onCancel={() => setConfirming(null)}
        onAccept={() => void accept()}
      />
    </AuthCard>
  );
}
