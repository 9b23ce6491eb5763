import { z } from 'zod';
import { fill } from './fill';
import { text } from './text';
import { ROLES, Msg, zLocale, zPassword } from './users';
import { route, zMessage } from './route';
import { SOCIAL_PROVIDERS } from './settings';

export const AuthMsg = {
  loginOk: 'Login successful!',
  invalidCredentials: 'Invalid credentials',
  suspended: 'Your account is suspended. Please contact support.',
  verifyEmail: 'Please verify your email address before logging in. Check your inbox for the verification link.',
  deviceLimit: 'Device limit reached. Disconnect a device to continue.',
  invalidOtp: 'Invalid OTP code. Please try again.',
  otpUsed: 'This code has already been used. Wait for the next code in your app, or use an unused recovery code.',
  otpExpired: 'OTP code has expired. Please login again.',
  enterOtp: 'Please enter the OTP',
  loggedOut: 'Logout successful!',
  invalidToken: 'Invalid or expired token',
  resetSent: 'Reset link sent to your email',
  resetOk: 'Password reset successful',
  resetInvalid: 'This reset link is invalid or has expired.',
  challengeInvalid: 'Your login attempt has expired. Please sign in again.',
  /** The lockout's wait, in seconds under two minutes, else in whole minutes. */
  tooManyFailures: (seconds: number) =>
    seconds < 120
      ? fill('Too many failed sign-in attempts. Please try again in {{seconds}} seconds.', { seconds })
      : fill('Too many failed sign-in attempts. Please try again in {{minutes}} minutes.', {
          minutes: Math.ceil(seconds / 60),
        }),
} as const;

export const zLoginRequest = z.object({
  usernameOrEmail: text().trim().min(1, Msg.fillAllFields).max(254),
  password: text().min(1, Msg.fillAllFields).max(128),
  rememberMe: z.boolean().optional().default(false),
});

export const zSessionUser = z.object({ id: z.number(), userName: z.string(), role: z.enum(ROLES) });
export type SessionUser = z.infer<typeof zSessionUser>;

export const zDeviceSession = z.object({
  id: z.number(),
  deviceId: z.string(),
  deviceInfo: z.object({ device: z.string(), browser: z.string(), os: z.string() }),
  ip: z.string(),
  location: z.string(),
  countryCode: z.string(),
  lastActive: z.string(),
  createdAt: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof zDeviceSession>;

export const zLoginResponse = z.object({
  message: z.string(),
  user: zSessionUser,
  requires2FA: z.boolean(),
  tempToken: z.string().optional(),
  emailVerificationRequired: z.boolean(),
  mustChangePassword: z.boolean(),
  /** A staff member without a passkey or TOTP while the site requires one: Security Settings first. */
  secondFactorRequired: z.boolean().default(false),
});
export type LoginResponse = z.infer<typeof zLoginResponse>;

/** Body of the 429 when the device limit is reached (spec §8): the modal lists `sessions`. */
export const zDeviceLimitBody = z.object({
  message: z.string(),
  code: z.literal('DEVICE_LIMIT_REACHED'),
  error: z.literal('Device limit reached'),
  sessions: z.array(zDeviceSession),
  loginChallenge: z.string(),
});

export const zVerify2faRequest = z.object({
  token: text().trim().min(1, AuthMsg.enterOtp).max(20),
  tempToken: text().min(1, AuthMsg.otpExpired).max(200),
});

export const zVerifyAuthTokenResponse = z.object({
  token: z.object({ id: z.number(), role: z.enum(ROLES), deviceId: z.string() }),
  /**
   * `locale`: the language the person chose, null until they choose one. `secondFactorRequired`:
   * a staff member who must add a passkey or TOTP before the admin area opens.
   */
  user: zSessionUser.extend({ locale: zLocale.nullable(), secondFactorRequired: z.boolean().default(false) }),
});

/** `POST /api/auth/reset-password/:token`: the token from the reset link. */
export const zResetTokenParam = z.object({ token: text().min(1).max(200) });

export const zRequestReset = z.object({ userName: text().trim().min(1, Msg.fillAllFields).max(254) });
export const zResetPassword = z
  .object({ newPassword: zPassword, confirmPassword: text().optional() })
  .refine((r) => r.confirmPassword === undefined || r.confirmPassword === r.newPassword, {
    message: Msg.passwordsMismatch,
    path: ['confirmPassword'],
  });

/** Signed in, the browser sends no body at all: Fastify hands that to validation as null. */
export const zDisconnectBody = z.object({ loginChallenge: text().max(200).optional() }).nullish();
export const zDisconnectAllBody = z.object({
  usernameOrEmail: text().trim().max(254).optional(),
  loginChallenge: text().max(200).optional(),
});

/** `/api/auth/:provider` and its callback: a social provider. */
export const zSocialProviderParam = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });

/** The social provider's return to `/api/auth/:provider/callback`. */
export const zSocialCallbackQuery = z.object({
  code: text().max(2000).optional(),
  state: text().max(500).optional(),
  error: text().max(500).optional(),
});

export const authApi = {
  login: route({
    method: 'POST',
    path: '/auth/login',
    tag: 'auth',
    summary: 'Log in with user name or email',
    access: 'public',
    body: zLoginRequest,
    response: zLoginResponse,
    errors: ['INVALID_CREDENTIALS', 'ACCOUNT_SUSPENDED', 'EMAIL_NOT_VERIFIED', 'DEVICE_LIMIT_REACHED'],
  }),
  verify2fa: route({
    method: 'POST',
    path: '/auth/verify2fa',
    tag: 'auth',
    summary: 'Second login step with a TOTP or recovery code',
    access: 'public',
    body: zVerify2faRequest,
    response: zLoginResponse,
    errors: ['OTP_EXPIRED', 'LOGIN_OTP_INVALID', 'DEVICE_LIMIT_REACHED'],
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    tag: 'auth',
    summary: 'End this device session',
    access: 'public',
    response: zMessage,
    errors: [],
  }),
  whoAmI: route({
    method: 'GET',
    path: '/verify-auth-token',
    tag: 'auth',
    summary: 'Who the session belongs to',
    access: 'user',
    response: zVerifyAuthTokenResponse,
    errors: [],
  }),
  requestReset: route({
    method: 'POST',
    path: '/auth/request-reset',
    tag: 'auth',
    summary: 'Email a password-reset link (same answer whether or not the account exists)',
    access: 'public',
    body: zRequestReset,
    response: zMessage,
    errors: [],
  }),
  resetPassword: route({
    method: 'POST',
    path: '/auth/reset-password/:token',
    tag: 'auth',
    summary: 'Set a new password with a reset link',
    access: 'public',
    params: zResetTokenParam,
    body: zResetPassword,
    response: zMessage,
    errors: ['INVALID_LINK'],
  }),
  socialStart: route({
    method: 'GET',
    path: '/auth/:provider',
    tag: 'auth',
    summary: 'Start signing in with a social provider (redirects to it)',
    access: 'public',
    params: zSocialProviderParam,
    response: null,
    errors: [],
  }),
  socialCallback: route({
    method: 'GET',
    path: '/auth/:provider/callback',
    tag: 'auth',
    summary: "The social provider's return: signs in the account with that verified email",
    access: 'public',
    params: zSocialProviderParam,
    query: zSocialCallbackQuery,
    response: null,
    errors: [],
  }),
};
