import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvestMsg, investmentsApi } from '../../../contract/investments';
import type { ServerContext } from '../../context';
import { serve } from '../../lib/route';
import { investAsCaller } from './invest';
import { endInvestment, setCompounding } from './investor-actions';
import { listAllInvestments, listInvestmentsOf } from './queries';
import { holidaysOf } from './terms';

export function investmentRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, investmentsApi.create, async ({ body, caller }, _request, reply) => {
      const settings = await ctx.settings.get();
      const { investment, replayed } = await investAsCaller(ctx.db, settings, caller, body, ctx.now());
      if (replayed) reply.status(200);
      return { success: true as const, message: InvestMsg.created, data: { investment } };
    });
    const holidays = async () => holidaysOf(await ctx.settings.get());
    serve(app, investmentsApi.ofUser, async ({ params, query, caller }) =>
      listInvestmentsOf(ctx.db, caller, params.id, query, await holidays()),
    );
    serve(app, investmentsApi.setCompounding, async ({ params, body, caller }) =>
      setCompounding(ctx.db, await ctx.settings.get(), caller, params.id, body.percent),
    );
    serve(app, investmentsApi.end, async ({ params, caller }) =>
      endInvestment(ctx.db, await ctx.settings.get(), caller, params.id, ctx.now()),
    );
    serve(app, investmentsApi.all, async ({ query }) => listAllInvestments(ctx.db, query, await holidays()));
  };
}
