import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zMessage } from '../../../contract/route';
import { zErrorBody } from '../../../contract/errors';
import { zIdParam } from '../../../contract/pagination';
import {
  zRecoveryCodes,
  zTwoFactorCode,
  zTwoFactorDisable,
  zTwoFactorEnabled,
  zTwoFactorSetup,
} from '../../../contract/twofactor';
import type { ServerContext } from '../../context';
import { AppError } from '../../lib/errors';
import { perIp } from '../../plugins/limits';
import { requireUser } from '../../plugins/auth';
import { clientInfo } from '../../lib/client-info';
import { loadUserFor } from '../../lib/auth-context';
import { completeTwoFactorSetup, disableTwoFactor, regenerateRecoveryCodes, startTwoFactorSetup } from './service';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 409: zErrorBody, 429: zErrorBody };

export function twoFactorRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  /** 2FA is changed only by its owner, never on someone else's behalf. */
  const ownUser = async (request: Parameters<typeof requireUser>[0], id: number) => {
    const caller = requireUser(request);
    if (caller.userId !== id) throw new AppError('FORBIDDEN', 'You can only change your own two-factor settings');
    return loadUserFor(ctx.db, caller, id, 'write');
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
          response: { 200: zTwoFactorSetup, ...errors },
        },
      },
      async (request) => {
        const user = await ownUser(request, request.params.id);
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
          body: zTwoFactorCode,
          response: { 200: zTwoFactorEnabled, ...errors },
        },
      },
      async (request) => {
        const user = await ownUser(request, request.params.id);
        const recoveryCodes = await completeTwoFactorSetup(
          ctx.db,
          ctx.box,
          user,
          request.body.token,
          ctx.now(),
          await holdUntil(),
          clientInfo(request),
        );
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
          body: zTwoFactorDisable,
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        const user = await ownUser(request, request.params.id);
        await disableTwoFactor(ctx.db, ctx.box, user, request.body, ctx.now(), await holdUntil(), clientInfo(request));
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
          body: zTwoFactorCode,
          response: { 200: zRecoveryCodes, ...errors },
        },
      },
      async (request) => {
        const user = await ownUser(request, request.params.id);
        const recoveryCodes = await regenerateRecoveryCodes(
          ctx.db,
          ctx.box,
          user,
          request.body.token,
          ctx.now(),
          clientInfo(request),
        );
        return { recoveryCodes };
      },
    );
  };
}
