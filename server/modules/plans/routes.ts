import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlanMsg, plansApi } from '../../../contract/plans';
import type { ServerContext } from '../../context';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { createPlan, deletePlan, listPlanOffer, updatePlan } from './service';

export function planRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, plansApi.list, async ({ query, caller }) => {
      const wantArchived = query.includeArchived === 'true' && caller !== null && caller.role !== 'user';
      return listPlanOffer(ctx.db, await ctx.settings.get(), wantArchived, ctx.now());
    });
    serve(app, plansApi.create, async ({ body, caller }, request) => ({
      message: PlanMsg.created,
      data: await createPlan(ctx.db, body, auditActor(caller, request)),
    }));
    serve(app, plansApi.update, async ({ params, body, caller }, request) => ({
      message: PlanMsg.updated,
      data: await updatePlan(ctx.db, params.id, body, ctx.now(), auditActor(caller, request)),
    }));
    serve(app, plansApi.remove, ({ params, caller }, request) =>
      deletePlan(ctx.db, params.id, ctx.now(), auditActor(caller, request)),
    );
  };
}
