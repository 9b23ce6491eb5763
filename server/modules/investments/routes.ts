import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import { zErrorBody } from '../../../contract/errors';
import { InvestMsg, zInvestRequest, zInvestment } from '../../../contract/investments';
import { pageOf, zIdParam, zPage, zPageQuery } from '../../../contract/pagination';
import { investments, plans } from '../../db/schema';
import type { ServerContext } from '../../context';
import { AppError } from '../../lib/errors';
import { requireStaff, requireUser } from '../../plugins/auth';
import { loadUserFor } from '../../lib/auth-context';
import { invest } from './invest';
import { toInvestment } from './view';

const errors = {
  400: zErrorBody,
  401: zErrorBody,
  403: zErrorBody,
  404: zErrorBody,
  409: zErrorBody,
  422: zErrorBody,
  503: zErrorBody,
};

const zInvestCreated = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ investment: zInvestment }),
});

export function investmentRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const page = async (where: SQL | undefined, q: { page: number; limit: number }) => {
    const [total] = await ctx.db.select({ n: count() }).from(investments).where(where);
    const rows = await ctx.db
      .select({ i: investments, planName: plans.name })
      .from(investments)
      .innerJoin(plans, eq(plans.id, investments.planId))
      .where(where)
      .orderBy(desc(investments.createdAt), desc(investments.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return pageOf(
      rows.map((r) => toInvestment(r.i, r.planName)),
      total?.n ?? 0,
      q,
    );
  };

  return async (app) => {
    app.post(
      '/investments',
      {
        schema: {
          tags: ['investments'],
          summary: "Invest the caller's available balance in a plan",
          body: zInvestRequest,
          response: { 201: zInvestCreated, 200: zInvestCreated, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        if (request.body.userId !== undefined && request.body.userId !== caller.userId)
          throw new AppError('FORBIDDEN', InvestMsg.otherUser);
        const inv = await invest(
          ctx.db,
          await ctx.settings.get(),
          {
            userId: caller.userId,
            planId: request.body.planId,
            amount: request.body.amount,
            idempotencyKey: request.body.idempotencyKey,
          },
          ctx.now(),
        );
        return reply
          .status(inv.replayed ? 200 : 201)
          .send({ success: true, message: InvestMsg.created, data: { investment: toInvestment(inv, inv.planName) } });
      },
    );

    app.get(
      '/investments/user/plans/:id',
      {
        schema: {
          tags: ['investments'],
          summary: "A user's investments (own, or any for staff)",
          params: zIdParam,
          querystring: zPageQuery,
          response: { 200: zPage(zInvestment), ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const user = await loadUserFor(ctx.db, caller, request.params.id, 'read');
        return page(eq(investments.userId, user.id), request.query);
      },
    );

    app.get(
      '/investments/all',
      {
        schema: {
          tags: ['investments'],
          summary: 'Every investment (staff), filtered by status, planId, userId, startDate',
          querystring: zPageQuery.extend({
            status: z.enum(['running', 'ended', 'cancelled']).optional(),
            planId: z.coerce.number().int().positive().optional(),
            userId: z.coerce.number().int().positive().optional(),
            startDate: z.iso.date().optional(),
          }),
          response: { 200: zPage(zInvestment), ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        const q = request.query;
        const where = and(
          q.status ? eq(investments.status, q.status) : undefined,
          q.planId ? eq(investments.planId, q.planId) : undefined,
          q.userId ? eq(investments.userId, q.userId) : undefined,
          q.startDate ? gte(investments.startDate, new Date(`${q.startDate}T00:00:00Z`)) : undefined,
        );
        return page(where, q);
      },
    );
  };
}
