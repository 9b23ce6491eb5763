// Social sign-in outcomes: the callback redirects to /login?social=<outcome> when it cannot
// sign the visitor in, and the login page shows the matching message. Free of zod on purpose.

export const SOCIAL_OUTCOMES = [
  'expired',
  'cancelled',
  'provider_failed',
  'no_verified_email',
  'no_account',
  'suspended',
  'email_not_verified',
  'device_limit',
  'unavailable',
] as const;
export type SocialOutcome = (typeof SOCIAL_OUTCOMES)[number];

export const SocialMsg: Record<SocialOutcome, string> = {
  expired: 'That sign-in attempt expired or did not start here. Please try again.',
  cancelled: 'Sign-in was cancelled at the provider.',
  provider_failed:
    'The sign-in provider could not be reached or refused the request. Please try again or use your password.',
  no_verified_email: 'The provider did not share a verified email address, so we cannot tell which account is yours.',
  no_account: 'No account uses that email address. Create an account first; you can then sign in with the provider.',
  suspended: 'Your account is suspended. Please contact support.',
  email_not_verified: 'Please verify your email address before logging in. Check your inbox for the verification link.',
  device_limit: 'Device limit reached. Sign in with your password to choose a device to disconnect.',
  unavailable: 'That sign-in provider is not enabled.',
};

export const isSocialOutcome = (v: string | null): v is SocialOutcome =>
  v !== null && (SOCIAL_OUTCOMES as readonly string[]).includes(v);
