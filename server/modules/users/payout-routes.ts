import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PayoutMsg, payoutApi } from '../../../contract/funds';
import type { ServerContext } from '../../context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { perIp } from '../../plugins/limits';
import { changePayoutDetails } from './payout';

/** Payout details: where withdrawals go. */
export function payoutRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(
      app,
      payoutApi.update,
      async ({ params, body, caller }, request) => {
        const profile = await changePayoutDetails(ctx.db, ctx.box, caller, params.id, body, {
          now: ctx.now(),
          holdMs: (await ctx.settings.get()).securityHoldHours * 3_600_000,
          client: clientInfo(request),
        });
        return { message: PayoutMsg.updated, profile };
      },
      { config: perIp(10, 15) },
    );
  };
}
