import type { z } from 'zod';
import type { Locale } from '@contract/locales';
import type { zRegistration } from '@contract/users';

export type RegistrationValues = z.input<typeof zRegistration>;
export type RegistrationField = keyof RegistrationValues;

/** The step titles: keys of the `auth` catalogue, translated where the step is drawn. */
const STEP_TITLE = {
  account: 'register.step.account',
  personal: 'register.step.personal',
  security: 'register.step.security',
} as const;

/** The three steps of spec §2 Registration and the fields each one validates. */
export const STEPS: { title: (typeof STEP_TITLE)[keyof typeof STEP_TITLE]; fields: RegistrationField[] }[] = [
  { title: STEP_TITLE.account, fields: ['firstName', 'lastName', 'userName', 'email'] },
  { title: STEP_TITLE.personal, fields: ['dateOfBirth', 'phone', 'country'] },
  {
    title: STEP_TITLE.security,
    fields: ['password', 'confirmPassword', 'btcWallet', 'ethWallet', 'referrerId', 'agreement'],
  },
];

/**
 * The registration fields no step shows: `locale` is the language the visitor is reading in
 * (the account starts in it, its confirmation email too), taken from the page rather than asked.
 */
export const FIELDS_WITHOUT_STEP = ['locale'] as const satisfies readonly RegistrationField[];

/** The registration as sent: the steps' values and the active language. */
export function registrationBody<T extends object>(values: T, locale: Locale): T & { locale: Locale } {
  return { ...values, locale };
}

/** Percent of the progress bar for a 0-based step, clamped to 0–100. */
export function progressPercent(step: number, total = STEPS.length): number {
  if (!Number.isFinite(step) || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round(((step + 1) / total) * 100)));
}

/** The 0-based step holding a field the server refused (unknown fields: the last step). */
export function stepOfField(field: string): number {
  const index = STEPS.findIndex((s) => (s.fields as string[]).includes(field));
  return index === -1 ? STEPS.length - 1 : index;
}

/** Conflict codes of POST /users/register and the field each one belongs to. */
export const CONFLICT_FIELDS: Record<string, RegistrationField> = { USERNAME_TAKEN: 'userName', EMAIL_TAKEN: 'email' };

/** The referral id from /register/:referralId, ?referrer= or ?referrerId=. */
export function referralFrom(pathId: string | undefined, search: URLSearchParams): string {
  return (pathId ?? search.get('referrer') ?? search.get('referrerId') ?? '').trim().slice(0, 30);
}

export const EMPTY_REGISTRATION: RegistrationValues = {
  firstName: '',
  lastName: '',
  userName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  country: '',
  btcWallet: '',
  ethWallet: '',
  password: '',
  confirmPassword: '',
  agreement: false,
  referrerId: '',
};
