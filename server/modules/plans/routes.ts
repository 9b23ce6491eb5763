import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import { zIdParam } from '../../../contract/pagination';
import {
  PlanMsg,
  zPlanCreate,
  zPlanDeleted,
  zPlanList,
  zPlanListQuery,
  zPlanSaved,
  zPlanUpdate,
} from '../../../contract/plans';
import type { ServerContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { auditActor } from '../audit/service';
import { createPlan, deletePlan, listPlans, updatePlan } from './service';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody };

export function planRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/plans',
      {
        schema: {
          tags: ['plans'],
          summary: 'Plans open for investment (public); staff may add ?includeArchived=true',
          querystring: zPlanListQuery,
          response: { 200: zPlanList },
        },
      },
      async (request) => {
        const wantArchived =
          request.query.includeArchived === 'true' && request.auth !== null && request.auth.role !== 'user';
        return { data: await listPlans(ctx.db, wantArchived) };
      },
    );

    app.post(
      '/plans',
      {
        schema: {
          tags: ['plans'],
          summary: 'Create a plan (admin)',
          body: zPlanCreate,
          response: { 201: zPlanSaved, ...errors },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        return reply
          .status(201)
          .send({ message: PlanMsg.created, data: await createPlan(ctx.db, request.body, auditActor(admin, request)) });
      },
    );

    app.put(
      '/plans/:id',
      {
        schema: {
          tags: ['plans'],
          summary: 'Update a plan (admin)',
          params: zIdParam,
          body: zPlanUpdate,
          response: { 200: zPlanSaved, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return {
          message: PlanMsg.updated,
          data: await updatePlan(ctx.db, request.params.id, request.body, ctx.now(), auditActor(admin, request)),
        };
      },
    );

    app.delete(
      '/plans/:id',
      {
        schema: {
          tags: ['plans'],
          summary: 'Delete a plan (admin); one with investments is archived instead',
          params: zIdParam,
          response: { 200: zPlanDeleted, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return deletePlan(ctx.db, request.params.id, ctx.now(), auditActor(admin, request));
      },
    );
  };
}
