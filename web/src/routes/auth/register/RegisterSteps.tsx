import { TriangleAlert } from 'lucide-react';
import { Controller, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { CountryPicker } from '../../../components/CountryPicker';
import { PasswordField, TextField } from '../../../components/FormField';
import { Modal } from '../../../components/ui/Modal';
import { riskDisclosure } from '../../../content/marketing';
import type { RegistrationValues } from './registerSteps';

/** Latest date of birth of an 18-year-old, for the date picker's max. */
const latestBirthDate = (() => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - 18);
  return d.toISOString().slice(0, 10);
})();

function useStepForm() {
  const form = useFormContext<RegistrationValues>();
  return { register: form.register, errors: form.formState.errors, control: form.control };
}

/** Step 1: first name, last name, username, email. */
export function AccountStep() {
  const { register, errors } = useStepForm();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First name"
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <TextField
        label="Username"
        autoComplete="username"
        hint="Letters, digits, dots, dashes and underscores"
        error={errors.userName?.message}
        {...register('userName')}
      />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
    </div>
  );
}

/** Step 2: date of birth, phone, country. */
export function PersonalStep() {
  const { register, errors, control } = useStepForm();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Date of birth"
        type="date"
        max={latestBirthDate}
        min="1900-01-01"
        autoComplete="bday"
        hint="You must be 18 or older"
        error={errors.dateOfBirth?.message}
        {...register('dateOfBirth')}
      />
      <TextField
        label="Phone"
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
  const { register, errors } = useStepForm();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <TextField
        label="BTC wallet address"
        aside="Optional"
        autoComplete="off"
        error={errors.btcWallet?.message}
        {...register('btcWallet')}
      />
      <TextField
        label="USDT-TRON wallet address"
        aside="Optional"
        autoComplete="off"
        error={errors.ethWallet?.message}
        {...register('ethWallet')}
      />
      <TextField
        label="Referral ID"
        aside="Optional"
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
            I am at least 18 and agree to the{' '}
            <Link to="/terms" target="_blank" rel="noopener" className="font-semibold text-accent hover:underline">
              Terms and Conditions
            </Link>
          </span>
        </label>
        {errors.agreement ? (
          <p className="mt-1 text-sm text-danger" role="alert">
            {errors.agreement.message}
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
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !pending && onCancel()}
      dismissible={!pending}
      testId="disclaimer-dialog"
      title="Disclaimer"
      description="Please read this before creating your account."
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={onAccept} disabled={pending}>
            {pending ? 'Creating account...' : 'Accept'}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        <p className="flex items-start gap-2 font-medium">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
          {riskDisclosure}
        </p>
        <ul className="list-disc space-y-1.5 pl-5 text-muted">
          <li>The prices of crypto-assets are highly volatile and can fall sharply within hours.</li>
          <li>
            Mining output depends on network difficulty, coin prices and hardware uptime; past returns do not predict
            future ones.
          </li>
          <li>Your principal is locked for the duration of a plan; only profits can be withdrawn before it ends.</li>
          <li>Crypto-assets are not protected by deposit guarantee or investor compensation schemes.</li>
        </ul>
        <p>By accepting you confirm that you understand these risks and invest at your own discretion.</p>
      </div>
    </Modal>
  );
}
