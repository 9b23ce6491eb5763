import type { z } from 'zod';
import type { zRegistration } from '@contract/users';

export type RegistrationValues = z.input<typeof zRegistration>;
export type RegistrationField = keyof RegistrationValues;

/** The three steps of spec §2 Registration and the fields each one validates. */
export const STEPS: { title: string; fields: RegistrationField[] }[] = [
  { title: 'Account', fields: ['firstName', 'lastName', 'userName', 'email'] },
  { title: 'Personal details', fields: ['dateOfBirth', 'phone', 'country'] },
  { title: 'Security', fields: ['password', 'confirmPassword', 'btcWallet', 'ethWallet', 'referrerId', 'agreement'] },
];

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
