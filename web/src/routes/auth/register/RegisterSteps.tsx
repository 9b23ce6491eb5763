import { TriangleAlert } from 'lucide-react';
import { Controller, useFormContext } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountryPicker } from '../../../components/CountryPicker';
import { PasswordField, TextField } from '../../../components/FormField';
import { Modal } from '../../../components/ui/Modal';
import { translateMessage } from '../../../i18n/messages';
import type { RegistrationValues } from './registerSteps';

/** Latest date of birth of an 18-year-old, for the date picker's max. */
const latestBirthDate = (() => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - 18);
  return d.toISOString().slice(0, 10);
})();

function useStepForm() {
  const form = useFormContext<RegistrationValues>();
  const { t } = useTranslation('auth');
  return { register: form.register, errors: form.formState.errors, control: form.control, t };
}

/** Step 1: first name, last name, username, email. */
export function AccountStep() {
  const { register, errors, t } = useStepForm();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('register.field.firstName')}
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label={t('register.field.lastName')}
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <TextField
        label={t('register.field.userName')}
        autoComplete="username"
        hint={t('register.field.userNameHint')}
        error={errors.userName?.message}
        {...register('userName')}
      />
      <TextField
        label={t('register.field.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
    </div>
  );
}

/** Step 2: date of birth, phone, country. */
export function PersonalStep() {
  const { register, errors, control, t } = useStepForm();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('register.field.dateOfBirth')}
        type="date"
        max={latestBirthDate}
        min="1900-01-01"
        autoComplete="bday"
        hint={t('register.field.dateOfBirthHint')}
        error={errors.dateOfBirth?.message}
        {...register('dateOfBirth')}
      />
      <TextField
        label={t('register.field.phone')}
        type="tel"
        autoComplete="tel"
        placeholder="+1 555 123 4567"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <Controller
        control={control}
        name="country"
        render={({ field, fieldState }) => (
          <div className="sm:col-span-2">
            <CountryPicker
              label={t('register.field.country')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          </div>
        )}
      />
    </div>
  );
}

/** Step 3: password, wallets, referral id, terms. */
export function SecurityStep() {
  const { register, errors, t } = useStepForm();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PasswordField
        label={t('shared.password')}
        autoComplete="new-password"
        hint={t('register.field.passwordHint')}
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={t('register.field.confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <TextField
        label={t('register.field.btcWallet')}
        aside={t('register.field.optional')}
        autoComplete="off"
        error={errors.btcWallet?.message}
        {...register('btcWallet')}
      />
      <TextField
        label={t('register.field.usdtWallet')}
        aside={t('register.field.optional')}
        autoComplete="off"
        error={errors.ethWallet?.message}
        {...register('ethWallet')}
      />
      <TextField
        label={t('register.field.referrerId')}
        aside={t('register.field.optional')}
        autoComplete="off"
        error={errors.referrerId?.message}
        className="sm:col-span-2"
        {...register('referrerId')}
      />
      <div className="sm:col-span-2">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-amber-500"
            aria-invalid={errors.agreement ? true : undefined}
            {...register('agreement')}
          />
          <span>
            <Trans
              t={t}
              i18nKey="register.field.agreement"
              components={{
                terms: (
                  <Link
                    to="/terms"
                    target="_blank"
                    rel="noopener"
                    className="font-semibold text-accent hover:underline"
                  />
                ),
              }}
            />
          </span>
        </label>
        {errors.agreement ? (
          <p className="mt-1 text-sm text-danger" role="alert">
            {translateMessage(errors.agreement.message ?? '')}
          </p>
        ) : null}
      </div>
    </div>
  );
}

interface DisclaimerDialogProps {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onAccept: () => void;
}

/** Shown before the account is created (spec §2 Registration): crypto risk, Cancel or Accept. */
export function DisclaimerDialog({ open, pending, onCancel, onAccept }: DisclaimerDialogProps) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !pending && onCancel()}
      dismissible={!pending}
      testId="disclaimer-dialog"
      title={t('register.disclaimer.title')}
      description={t('register.disclaimer.description')}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={pending}>
            {t('action.cancel', { ns: 'common' })}
          </button>
          <button type="button" className="btn-primary" onClick={onAccept} disabled={pending}>
            {pending ? t('register.disclaimer.creating') : t('register.disclaimer.accept')}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        <p className="flex items-start gap-2 font-medium">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
          {t('risk.disclosure', { ns: 'common' })}
        </p>
        <ul className="list-disc space-y-1.5 pl-5 text-muted">
          <li>{t('register.disclaimer.volatility')}</li>
          <li>{t('register.disclaimer.mining')}</li>
          <li>{t('register.disclaimer.principal')}</li>
          <li>{t('register.disclaimer.protection')}</li>
        </ul>
        <p>{t('register.disclaimer.confirm')}</p>
      </div>
    </Modal>
  );
}
