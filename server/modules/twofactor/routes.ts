import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zErrorBody } from '../../../contract/errors';
import { zIdParam } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { AppError } from '../../lib/errors';
import { perIp } from '../../plugins/limits';
import { requireUser } from '../../plugins/auth';
import { clientInfo } from '../../lib/client-info';
import { recordActivity } from '../activity/service';
import { loadUserFor } from '../../lib/auth-context';
import {
  completeTwoFactorSetup,
  disableTwoFactor,
  issueRecoveryCodes,
  startTwoFactorSetup,
  verifySecondFactor,
} from './service';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 409: zErrorBody, 429: zErrorBody };
const zCode = z.object({ token: z.string().trim().min(1, 'Please enter the OTP').max(20) });

export function twoFactorRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  /** 2FA is changed only by its owner, never on someone else's behalf. */
  const ownUser = async (request: Parameters<typeof requireUser>[0], id: number) => {
    const caller = requireUser(request);
    if (caller.userId !== id) throw new AppError('FORBIDDEN', 'You can only change your own two-factor settings');
    return { caller, user: await loadUserFor(ctx.db, caller, id, 'write') };
  };
  const holdUntil = async () =>
    new Date(ctx.now().getTime() + (await ctx.settings.get()).securityHoldHours * 3_600_000);

  return async (app) => {
    app.post(
      '/users/setup2fa/:id',
      {
        config: perIp(10, 15),
        schema: {
          tags: ['2fa'],
          summary: 'Start 2FA setup: QR code (data URL) and secret',
          params: zIdParam,
          response: { 200: z.object({ qrCode: z.string(), secret: z.string(), otpauthUrl: z.string() }), ...errors },
        },
      },
      async (request) => {
        const { user } = await ownUser(request, request.params.id);
        return startTwoFactorSetup(ctx.db, ctx.box, user, (await ctx.settings.get()).siteName);
      },
    );

    app.post(
      '/users/verify2fa-setup/:id',
      {
        config: perIp(10, 15),
        schema: {
          tags: ['2fa'],
          summary: 'Finish setup with a valid code; returns ten one-time recovery codes',
          params: zIdParam,
          body: zCode,
          response: { 200: z.object({ message: z.string(), recoveryCodes: z.array(z.string()) }), ...errors },
        },
      },
      async (request) => {
        const { caller, user } = await ownUser(request, request.params.id);
        const recoveryCodes = await completeTwoFactorSetup(
          ctx.db,
          ctx.box,
          user,
          request.body.token,
          ctx.now(),
          await holdUntil(),
        );
        await recordActivity(ctx.db, {
          userId: caller.userId,
          action: 'Enabled two-factor authentication',
          client: clientInfo(request),
        });
        return { message: 'Two-factor authentication enabled', recoveryCodes };
      },
    );

    app.post(
      '/users/disable2fa/:id',
      {
        config: perIp(10, 15),
        schema: {
          tags: ['2fa'],
          summary: 'Turn 2FA off with a valid code or the password',
          params: zIdParam,
          body: z
            .object({ token: z.string().trim().max(20).optional(), password: z.string().max(128).optional() })
            .refine((b) => b.token || b.password, 'Enter a code from your authenticator app or your password'),
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      async (request) => {
        const { caller, user } = await ownUser(request, request.params.id);
        await disableTwoFactor(ctx.db, ctx.box, user, request.body, ctx.now(), await holdUntil());
        await recordActivity(ctx.db, {
          userId: caller.userId,
          action: 'Disabled two-factor authentication',
          client: clientInfo(request),
        });
        return { message: 'Two-factor authentication disabled' };
      },
    );

    app.post(
      '/users/:id/recovery-codes',
      {
        config: perIp(10, 15),
        schema: {
          tags: ['2fa'],
          summary: 'Replace the recovery codes (needs a valid code)',
          params: zIdParam,
          body: zCode,
          response: { 200: z.object({ recoveryCodes: z.array(z.string()) }), ...errors },
        },
      },
      async (request) => {
        const { caller, user } = await ownUser(request, request.params.id);
        if (!user.twoFactorEnabled) throw new AppError('CONFLICT', 'Two-factor authentication is not enabled');
        if (!(await verifySecondFactor(ctx.db, ctx.box, user, request.body.token, ctx.now())))
          throw new AppError('INVALID_OTP', 'Invalid OTP code. Please try again.');
        const recoveryCodes = await issueRecoveryCodes(ctx.db, user.id);
        await recordActivity(ctx.db, {
          userId: caller.userId,
          action: 'Regenerated recovery codes',
          client: clientInfo(request),
        });
        return { recoveryCodes };
      },
    );
  };
}
