import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralsApi } from '../../../contract/referrals';
import type { ServerContext } from '../../context';
import { serve } from '../../lib/route';
import { listAllReferrals, listReferralsOf, referralBalanceOf } from './queries';

export function referralRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, referralsApi.ofUser, ({ params, query, caller }) => listReferralsOf(ctx.db, caller, params.id, query));
    serve(app, referralsApi.balance, ({ params, caller }) => referralBalanceOf(ctx.db, caller, params.id));
    serve(app, referralsApi.all, ({ query }) => listAllReferrals(ctx.db, query));
  };
}
