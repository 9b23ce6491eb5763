import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { twoFactorApi } from '../../../contract/twofactor';
import type { ServerContext } from '../../context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { perIp } from '../../plugins/limits';
import {
  completeTwoFactorSetup,
  disableTwoFactor,
  ownTwoFactorUser,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from './service';

export function twoFactorRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const holdUntil = async () =>
    new Date(ctx.now().getTime() + (await ctx.settings.get()).securityHoldHours * 3_600_000);
  const limited = { config: perIp(10, 15) };

  return async (app) => {
    serve(
      app,
      twoFactorApi.setup,
      async ({ params, caller }) => {
        const user = await ownTwoFactorUser(ctx.db, caller, params.id);
        return startTwoFactorSetup(ctx.db, ctx.box, user, (await ctx.settings.get()).siteName);
      },
      limited,
    );

    serve(
      app,
      twoFactorApi.complete,
      async ({ params, body, caller }, request) => {
        const user = await ownTwoFactorUser(ctx.db, caller, params.id);
        const hold = await holdUntil();
        const client = clientInfo(request);
        const recoveryCodes = await completeTwoFactorSetup(ctx.db, ctx.box, user, body.token, ctx.now(), hold, client);
        return { message: 'Two-factor authentication enabled', recoveryCodes };
      },
      limited,
    );

    serve(
      app,
      twoFactorApi.disable,
      async ({ params, body, caller }, request) => {
        const user = await ownTwoFactorUser(ctx.db, caller, params.id);
        await disableTwoFactor(ctx.db, ctx.box, user, body, ctx.now(), await holdUntil(), clientInfo(request));
        return { message: 'Two-factor authentication disabled' };
      },
      limited,
    );

    serve(
      app,
      twoFactorApi.recoveryCodes,
      async ({ params, body, caller }, request) => {
        const user = await ownTwoFactorUser(ctx.db, caller, params.id);
        const codes = await regenerateRecoveryCodes(ctx.db, ctx.box, user, body.token, ctx.now(), clientInfo(request));
        return { recoveryCodes: codes };
      },
      limited,
    );
  };
}
