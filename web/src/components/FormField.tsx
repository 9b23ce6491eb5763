import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/messages';
import { useHydrated } from '../lib/useHydrated';

export const inputClass =
  'w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted/70 focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-accent aria-[invalid=true]:border-danger disabled:opacity-60';

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Extra text beside the label, e.g. "optional". */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * Label, control and its message; the control must use `id`, `${id}-error` and `${id}-hint`.
 * `error` is a contract message in English (a form's validation, a server's field issue): it is
 * shown in the active language.
 */
export function Field({ id, label, error, hint, aside, children, className = '' }: FieldProps) {
  // Loads the messages catalogue with the first form, and redraws the message on a language change.
  useTranslation('messages');
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {aside ? <span className="text-xs text-muted">{aside}</span> : null}
      </div>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A form's submit button, inert until hydrated: a click on the pre-rendered form would submit
 * it as a plain page load. Its own component, so only it draws again once hydration is done.
 */
export function SubmitButton({ disabled, ...button }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  const hydrated = useHydrated();
  return <button type="submit" {...button} disabled={!hydrated || disabled} />;
}

export const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  aside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A labelled input; spread react-hook-form's `register(name)` into it. */
export function TextField({ label, error, hint, aside, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint} aside={aside} className={className}>
      <input
        id={id}
        ref={ref}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </Field>
  );
}

/** A password input with a show/hide button. */
export function PasswordField({ label, error, hint, aside, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} error={error} hint={hint} aside={aside} className={className}>
      <div className="relative">
        <input
          id={id}
          ref={ref}
          type={visible ? 'text' : 'password'}
          className={`${inputClass} pr-11`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          {...input}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-muted hover:text-fg"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={visible}
        >
          {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        </button>
      </div>
    </Field>
  );
}

export const OTP_LENGTH = 6;

/** Keeps digits only, at most six (spec §2 Two-factor screens). */
export const cleanOtp = (value: string) => value.replace(/\D/g, '').slice(0, OTP_LENGTH);

interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The 6-digit code field of the login, setup and disable screens. */
export function OtpInput({ value, onChange, label, error, disabled, autoFocus }: OtpInputProps) {
  const id = useId();
  const { t } = useTranslation('common');
  return (
    <Field id={id} label={label ?? t('form.otp')} error={error}>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(cleanOtp(event.target.value))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        placeholder="000000"
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={`${inputClass} text-center font-mono text-2xl tracking-[0.5em]`}
      />
    </Field>
  );
}
