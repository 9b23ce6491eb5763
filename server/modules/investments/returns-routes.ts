import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { investmentsApi } from '../../../contract/investments';
import type { ServerContext } from '../../context';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { cancelInvestmentView, listAllReturns, listInvestmentReturns, listUserReturns } from './returns';
import { holidaysOf } from './terms';

export function returnRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, investmentsApi.returnsOf, ({ params, query, caller }) =>
      listInvestmentReturns(ctx.db, caller, params.id, query),
    );
    serve(app, investmentsApi.allReturns, ({ query }) => listAllReturns(ctx.db, query));
    serve(app, investmentsApi.userReturns, ({ params, query, caller }) =>
      listUserReturns(ctx.db, caller, params.id, query),
    );
    serve(app, investmentsApi.cancel, async ({ params, caller }, request) => {
      const settings = await ctx.settings.get();
      const data = await cancelInvestmentView(
        ctx.db,
        params.id,
        auditActor(caller, request),
        ctx.now(),
        holidaysOf(settings),
      );
      return { message: 'Investment cancelled: principal returned to the investor', data };
    });
  };
}
