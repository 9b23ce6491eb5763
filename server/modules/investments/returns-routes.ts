import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import { zErrorBody } from '../../../contract/errors';
import { zInvestment, zReturnUpdate } from '../../../contract/investments';
import { fromCents } from '../../../contract/money';
import { pageOf, zIdParam, zPage, zPageQuery } from '../../../contract/pagination';
import { investments, plans, returnUpdates, transactions, users } from '../../db/schema';
import type { ServerContext } from '../../context';
import { notFound } from '../../lib/errors';
import { requireAdmin, requireStaff, requireUser } from '../../plugins/auth';
import { auditActor } from '../audit/service';
import { cancelInvestment } from './cancel';
import { toInvestment } from './view';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 409: zErrorBody };

export function returnRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const page = async (where: SQL | undefined, q: { page: number; limit: number }) => {
    const base = ctx.db
      .select({ n: count() })
      .from(returnUpdates)
      .innerJoin(investments, eq(investments.id, returnUpdates.investmentId));
    const [total] = await base.where(where);
    const rows = await ctx.db
      .select({ r: returnUpdates, userName: users.userName, planName: plans.name, ref: transactions.referenceNumber })
      .from(returnUpdates)
      .innerJoin(investments, eq(investments.id, returnUpdates.investmentId))
      .innerJoin(users, eq(users.id, investments.userId))
      .innerJoin(plans, eq(plans.id, investments.planId))
      .leftJoin(transactions, eq(transactions.id, returnUpdates.transactionId))
      .where(where)
      .orderBy(desc(returnUpdates.payoutDate), desc(returnUpdates.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const data = rows.map(({ r, userName, planName, ref }) => ({
      id: r.id,
      investmentId: r.investmentId,
      dayIndex: r.dayIndex,
      increment: fromCents(r.amount),
      payoutDate: r.payoutDate.toISOString(),
      userName,
      planName,
      transactionAmount: fromCents(r.amount),
      transactionType: 'return',
      referenceNumber: ref,
      createdAt: r.createdAt.toISOString(),
    }));
    return pageOf(data, total?.n ?? 0, q);
  };

  return async (app) => {
    app.get(
      '/investments/:id/return-updates',
      {
        schema: {
          tags: ['investments'],
          summary: "An investment's payouts (its owner or staff)",
          params: zIdParam,
          querystring: zPageQuery,
          response: { 200: zPage(zReturnUpdate), ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const [inv] = await ctx.db
          .select({ userId: investments.userId })
          .from(investments)
          .where(eq(investments.id, request.params.id));
        // Someone else's investment looks the same as a missing one.
        if (!inv || (inv.userId !== caller.userId && caller.role === 'user')) throw notFound('Investment not found');
        return page(eq(returnUpdates.investmentId, request.params.id), request.query);
      },
    );

    app.get(
      '/investments/return-updates',
      {
        schema: {
          tags: ['investments'],
          summary: 'Every payout (staff)',
          querystring: zPageQuery,
          response: { 200: zPage(zReturnUpdate), ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return page(undefined, request.query);
      },
    );

    app.get(
      '/investments/user/returns/:id',
      {
        schema: {
          tags: ['investments'],
          summary: "A user's payouts across investments (own, or any for staff)",
          params: zIdParam,
          querystring: zPageQuery,
          response: { 200: zPage(zReturnUpdate), ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        if (caller.userId !== request.params.id && caller.role === 'user') throw notFound('User not found');
        return page(eq(investments.userId, request.params.id), request.query);
      },
    );

    app.post(
      '/investments/:id/cancel',
      {
        schema: {
          tags: ['investments'],
          summary: 'Cancel a running investment (admin): principal back to available',
          params: zIdParam,
          response: { 200: z.object({ message: z.string(), data: zInvestment }), ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const inv = await cancelInvestment(ctx.db, request.params.id, auditActor(admin, request), ctx.now());
        const [plan] = await ctx.db.select({ name: plans.name }).from(plans).where(eq(plans.id, inv.planId));
        return {
          message: 'Investment cancelled: principal returned to the investor',
          data: toInvestment(inv, plan!.name),
        };
      },
    );
  };
}
