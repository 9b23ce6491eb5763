import { z } from 'zod';
import { text } from './text';
import { zIdParam } from './pagination';
import { route, zMessage } from './route';

/** A code from the authenticator app (or a recovery code where one is accepted). */
export const zTwoFactorCode = z.object({ token: text().trim().min(1, 'Please enter the OTP').max(20) });
export type TwoFactorCode = z.infer<typeof zTwoFactorCode>;

/** Setup started: the QR code (data URL), the secret and its otpauth URL. */
export const zTwoFactorSetup = z.object({ qrCode: z.string(), secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof zTwoFactorSetup>;

/** Setup finished: ten one-time recovery codes, shown once. */
export const zTwoFactorEnabled = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

/** Turning 2FA off needs a valid code or the account password. */
export const zTwoFactorDisable = z
  .object({ token: text().trim().max(20).optional(), password: text().max(128).optional() })
  .refine((b) => b.token || b.password, 'Enter a code from your authenticator app or your password');
export type TwoFactorDisable = z.infer<typeof zTwoFactorDisable>;

export const zRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

export const twoFactorApi = {
  setup: route({
    method: 'POST',
    path: '/users/setup2fa/:id',
    tag: '2fa',
    summary: 'Start 2FA setup: QR code (data URL) and secret',
    access: 'user',
    params: zIdParam,
    response: zTwoFactorSetup,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'TWO_FACTOR_ON'],
  }),
  complete: route({
    method: 'POST',
    path: '/users/verify2fa-setup/:id',
    tag: '2fa',
    summary: 'Finish setup with a valid code; returns ten one-time recovery codes',
    access: 'user',
    params: zIdParam,
    body: zTwoFactorCode,
    response: zTwoFactorEnabled,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'TWO_FACTOR_ON', 'NO_2FA_SETUP', 'INVALID_OTP'],
  }),
  disable: route({
    method: 'POST',
    path: '/users/disable2fa/:id',
    tag: '2fa',
    summary: 'Turn 2FA off with a valid code or the password',
    access: 'user',
    params: zIdParam,
    body: zTwoFactorDisable,
    response: zMessage,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'TWO_FACTOR_OFF', 'INVALID_PROOF'],
  }),
  recoveryCodes: route({
    method: 'POST',
    path: '/users/:id/recovery-codes',
    tag: '2fa',
    summary: 'Replace the recovery codes (needs a valid code)',
    access: 'user',
    params: zIdParam,
    body: zTwoFactorCode,
    response: zRecoveryCodes,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'TWO_FACTOR_OFF', 'INVALID_OTP'],
  }),
};
