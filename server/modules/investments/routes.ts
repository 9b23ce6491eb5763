import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvestMsg, investmentsApi } from '../../../contract/investments';
import type { ServerContext } from '../../context';
import { serve } from '../../lib/route';
import { investAsCaller } from './invest';
import { listAllInvestments, listInvestmentsOf } from './queries';

export function investmentRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, investmentsApi.create, async ({ body, caller }, _request, reply) => {
      const settings = await ctx.settings.get();
      const { investment, replayed } = await investAsCaller(ctx.db, settings, caller, body, ctx.now());
      if (replayed) reply.status(200);
      return { success: true as const, message: InvestMsg.created, data: { investment } };
    });
    serve(app, investmentsApi.ofUser, ({ params, query, caller }) =>
      listInvestmentsOf(ctx.db, caller, params.id, query),
    );
    serve(app, investmentsApi.all, ({ query }) => listAllInvestments(ctx.db, query));
  };
}
