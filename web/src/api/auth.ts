import type { DeviceSession } from '@contract/auth';
import type { Registration } from '@contract/users';
import { ApiError } from './client';
import { call } from './call';
import { apiOf } from './routes';

const authApi = apiOf('authApi');
const usersApi = apiOf('usersApi');
const sessionsApi = apiOf('sessionsApi');

/** Calls of the logged-out screens (spec §7 Auth and users). Each throws ApiError. */
export interface LoginInput {
  usernameOrEmail: string;
  password: string;
  rememberMe: boolean;
}

export const login = (body: LoginInput) => call(authApi.login, { body });

export const verify2fa = (token: string, tempToken: string) => call(authApi.verify2fa, { body: { token, tempToken } });

export const register = (body: Registration) => call(usersApi.register, { body });

export const confirmEmail = (token: string) => call(usersApi.confirmEmail, { params: { token } });

export const resendConfirmation = (email: string) => call(usersApi.resendConfirmation, { body: { email } });

export const requestReset = (userName: string) => call(authApi.requestReset, { body: { userName } });

export const resetPassword = (token: string, newPassword: string, confirmPassword: string) =>
  call(authApi.resetPassword, { params: { token }, body: { newPassword, confirmPassword } });

/** Disconnects a device during a login that hit the device limit (proved by the challenge). */
export const disconnectWithChallenge = (sessionId: number, loginChallenge: string) =>
  call(sessionsApi.disconnect, { params: { id: sessionId }, body: { loginChallenge } });

export const disconnectAllWithChallenge = (usernameOrEmail: string, loginChallenge: string) =>
  call(sessionsApi.disconnectAll, { body: { usernameOrEmail, loginChallenge } });

/** The 429 body when the device limit is reached: the sessions to choose from. */
export interface DeviceLimit {
  sessions: DeviceSession[];
  loginChallenge: string;
}

export function deviceLimitOf(error: unknown): DeviceLimit | null {
  if (!(error instanceof ApiError) || error.code !== 'DEVICE_LIMIT_REACHED') return null;
  const { sessions, loginChallenge } = error.body;
  if (!Array.isArray(sessions) || typeof loginChallenge !== 'string') return null;
  return { sessions: sessions as DeviceSession[], loginChallenge };
}

/** Login refused until the email is confirmed (spec §8: code, flag or wording). */
export function isEmailNotVerified(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === 'EMAIL_NOT_VERIFIED' ||
    error.body.emailVerificationRequired === true ||
    /verify your email/i.test(error.message)
  );
}
