import { z } from 'zod';

/** A code from the authenticator app (or a recovery code where one is accepted). */
export const zTwoFactorCode = z.object({ token: z.string().trim().min(1, 'Please enter the OTP').max(20) });
export type TwoFactorCode = z.infer<typeof zTwoFactorCode>;

/** Setup started: the QR code (data URL), the secret and its otpauth URL. */
export const zTwoFactorSetup = z.object({ qrCode: z.string(), secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof zTwoFactorSetup>;

/** Setup finished: ten one-time recovery codes, shown once. */
export const zTwoFactorEnabled = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

/** Turning 2FA off needs a valid code or the account password. */
export const zTwoFactorDisable = z
  .object({ token: z.string().trim().max(20).optional(), password: z.string().max(128).optional() })
  .refine((b) => b.token || b.password, 'Enter a code from your authenticator app or your password');
export type TwoFactorDisable = z.infer<typeof zTwoFactorDisable>;

export const zRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
