import { fill } from './fill';

/**
 * Every API error has this shape (DESIGN.md §6); a few carry extra fields the spec's client reads.
 * Its schema, for the API docs, is zErrorBody in route.ts: this module stays free of zod, as the
 * web reads it from the first paint.
 */
export interface ErrorBody {
  message: string;
  code: string;
  details?: unknown;
  [extra: string]: unknown;
}

/** A failing field of a validation error, listed in `details`. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** Messages from the spec's catalogue (§8) used by more than one place. */
export const Messages = {
  adminRequired: 'Unauthorized: Admin access required',
  settingsForbidden: 'You do not have permission to update settings',
  settingsUpdated: 'Settings updated successfully',
  notLoggedIn: 'User not logged in',
  invalidToken: 'Invalid or expired token',
  somethingWrong: 'Something went wrong.',
  invalidOtp: 'Invalid OTP code. Please try again.',
  verifyEmailFirst: 'Please verify your email address first',
} as const;

/** A rate limit's refusal, with the wait (RATE_LIMITED). */
export const RateLimitMsg = {
  retryInSeconds: (seconds: number) => fill('Too many requests, please try again in {{seconds}} seconds.', { seconds }),
  accountRetryInMinutes: (minutes: number) =>
    fill('Too many attempts for this account, please try again in {{minutes}} minutes.', { minutes }),
} as const;

interface CatalogueEntry {
  status: number;
  /** Said when the thrower gives no message of its own. */
  message: string;
}

/**
 * Every code the server can answer with, each with its one HTTP status. A code is never sent
 * with another status: 401 means only "not signed in, or the session is gone" (the web treats
 * it as signed out), so a wrong password or 2FA code inside a form is 400; the login's own
 * steps keep the spec's 401 and 408 under codes of their own.
 */
export const errorCatalogue = {
  // The request itself
  VALIDATION_FAILED: { status: 400, message: 'Invalid request' },
  MALFORMED_JSON: { status: 400, message: 'Malformed JSON in request body' },
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  NOT_MULTIPART: { status: 400, message: 'Send the form as multipart/form-data' },
  INVALID_FORM: { status: 400, message: 'The form could not be read' },
  INVALID_FILE: { status: 400, message: 'This file type is not accepted' },
  INVALID_IMAGE: { status: 400, message: 'Upload a JPEG, PNG or WebP image' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported Content-Type: send application/json' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Route not found' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  UNKNOWN_PAIR: { status: 404, message: 'Unknown currency pair' },
  NOT_CONFIGURED: { status: 404, message: 'Not configured' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again later.' },

  // Who is asking
  UNAUTHENTICATED: { status: 401, message: Messages.notLoggedIn },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  INVALID_CHALLENGE: { status: 401, message: 'Your login attempt has expired. Please sign in again.' },
  LOGIN_OTP_INVALID: { status: 401, message: Messages.invalidOtp },
  OTP_EXPIRED: { status: 408, message: 'OTP code has expired. Please login again.' },
  BAD_SIGNATURE: { status: 401, message: 'Invalid webhook signature' },
  FORBIDDEN: { status: 403, message: 'Access Denied' },
  ADMIN_REQUIRED: { status: 403, message: Messages.adminRequired },
  CSRF_REJECTED: { status: 403, message: 'Cross-site request refused' },
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: 'Please change your password before continuing' },
  ACCOUNT_SUSPENDED: { status: 403, message: 'Your account is suspended' },
  EMAIL_NOT_VERIFIED: { status: 403, message: Messages.verifyEmailFirst },
  DEVICE_LIMIT_REACHED: { status: 429, message: 'Device limit reached' },
  SECOND_FACTOR_REQUIRED: {
    status: 403,
    message: 'Add a passkey or turn on two-factor authentication to use the admin area',
  },

  // Answers inside a form
  INVALID_LINK: { status: 400, message: Messages.invalidToken },
  WRONG_PASSWORD: { status: 400, message: 'Current password is incorrect' },
  INVALID_OTP: { status: 400, message: Messages.invalidOtp },
  INVALID_PROOF: { status: 400, message: 'Enter your OTP code or a recovery code' },
  PASSKEY_INVALID: { status: 400, message: 'The passkey could not be verified. Please try again.' },
  PASSKEY_CHALLENGE_EXPIRED: {
    status: 400,
    message: 'This passkey request has expired or was already used. Please try again.',
  },

  // The state of a thing
  CONFLICT: { status: 409, message: 'This conflicts with the current state' },
  DUPLICATE_REQUEST: { status: 409, message: 'This request was already made' },
  EMAIL_TAKEN: { status: 409, message: 'This email is already registered' },
  USERNAME_TAKEN: { status: 409, message: 'This user name is taken' },
  ALREADY_SETTLED: { status: 409, message: 'This has already been decided' },
  DEPOSIT_FINAL: { status: 409, message: 'This deposit has already been decided' },
  WITHDRAWAL_DECIDED: { status: 409, message: 'This withdrawal has already been decided' },
  TRANSITION_REFUSED: { status: 409, message: 'This status change is not allowed' },
  NOT_RUNNING: { status: 409, message: 'This investment is not running' },
  KYC_PENDING: { status: 409, message: 'Your verification is already being reviewed' },
  KYC_APPROVED: { status: 409, message: 'Your identity is already verified' },
  KYC_DECIDED: { status: 409, message: 'This verification has already been decided' },
  NO_2FA_SETUP: { status: 409, message: 'Start two-factor setup first' },
  TWO_FACTOR_ON: { status: 409, message: 'Two-factor authentication is already enabled' },
  TWO_FACTOR_OFF: { status: 409, message: 'Two-factor authentication is not enabled' },
  NO_OPEN_CONVERSATION: { status: 409, message: 'Start a chat first' },
  CONVERSATION_CLOSED: { status: 409, message: 'This chat is closed' },
  CONVERSATION_OPEN: { status: 409, message: 'This user already has another open chat' },
  JOB_RUNNING: { status: 409, message: 'This job is already running' },
  PASSKEY_TAKEN: { status: 409, message: 'This passkey is already registered' },

  // Business rules
  BUSINESS_RULE: { status: 422, message: 'This is not allowed' },
  INSUFFICIENT_FUNDS: { status: 422, message: 'Insufficient balance for this operation' },
  AMOUNT_OUT_OF_RANGE: { status: 422, message: 'The amount is outside the allowed range' },
  ACCOUNT_NOT_ACTIVE: { status: 422, message: 'Your account is not active' },
  SECURITY_HOLD: { status: 422, message: 'Withdrawals are paused after a recent security change' },
  KYC_REQUIRED: { status: 422, message: 'Identity verification is required first' },
  NO_PAYOUT_DESTINATION: { status: 422, message: 'Save a payout destination on your profile first' },
  PLAN_CLOSED: { status: 422, message: 'This plan is closed to new investments' },
  PLAN_LIMIT_REACHED: { status: 422, message: 'You hold as many running investments in this plan as it allows' },
  INVESTMENT_LOCKED: { status: 422, message: 'This investment cannot be ended yet' },
  SELF_LOCKOUT: { status: 422, message: 'You cannot demote or suspend your own account' },
  SELF_DELETE: { status: 422, message: 'You cannot delete your own account' },
  CURRENT_DEVICE: { status: 422, message: 'You cannot disconnect the current device' },
  TEMPLATE_INVALID: { status: 422, message: 'This template does not render' },

  // The platform
  INTERNAL_ERROR: { status: 500, message: Messages.somethingWrong },
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 502, message: 'The payment provider is unavailable. Please try again.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable, please try again shortly.',
  },
  PASSKEYS_UNAVAILABLE: {
    status: 503,
    message: "Passkeys are not available: the site's public address (PUBLIC_URL) is not set",
  },
  MAINTENANCE: {
    status: 503,
    message: 'The platform is in maintenance: money actions are paused for now. Please try again later.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalogue, code);

/** What the one money gate (deposit, invest, withdraw) refuses with, in the order a user would fix them. */
export const moneyGateErrors = [
  'MAINTENANCE',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_NOT_ACTIVE',
] as const satisfies readonly ErrorCode[];
