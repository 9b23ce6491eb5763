import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { zErrorBody } from '../../../contract/errors';
import {
  WithdrawMsg,
  zWithdrawal,
  zWithdrawalCreated,
  zWithdrawalDecision,
  zWithdrawalList,
  zWithdrawalListQuery,
  zWithdrawalQuote,
  zWithdrawalQuoteQuery,
  zWithdrawRequest,
} from '../../../contract/funds';
import { fromCents } from '../../../contract/money';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { queryRows } from '../../db/client';
import { withdrawals } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { paged } from '../../lib/paging';
import { requireAdmin, requireStaff, requireUser } from '../../plugins/auth';
import { clientInfo } from '../../lib/client-info';
import { recordActivity } from '../activity/service';
import { auditActor } from '../audit/service';
import { loadUserFor } from '../../lib/auth-context';
import {
  decideWithdrawal,
  maskDestination,
  planWithdrawal,
  requestWithdrawal,
  toWithdrawalView,
  withdrawalView,
  withdrawalViewQuery,
} from './service';

const errors = {
  400: zErrorBody,
  401: zErrorBody,
  403: zErrorBody,
  404: zErrorBody,
  409: zErrorBody,
  422: zErrorBody,
  503: zErrorBody,
};

export function withdrawalRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  /** A page of withdrawals plus the cards' figures over everything `where` selects (status filter aside). */
  const list = async (where: SQL | undefined, scope: SQL | undefined, q: { page: number; limit: number }) => {
    const page = await paged(
      q,
      async () => (await ctx.db.select({ n: count() }).from(withdrawals).where(where))[0]?.n ?? 0,
      async (limit, offset) =>
        (
          await withdrawalViewQuery(ctx.db)
            .where(where)
            .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
            .limit(limit)
            .offset(offset)
        ).map((r) => toWithdrawalView(r.w, r.userName, r.referenceNumber)),
    );
    const [m] = await queryRows<{ total: string; pending: string; settled: string; amount: string }>(
      ctx.db,
      sql`select count(*) as total, count(*) filter (where status = 'pending') as pending, count(*) filter (where status = 'settled') as settled,
                 coalesce(sum(amount) filter (where status = 'settled'), 0) as amount
          from withdrawals ${scope ? sql`where ${scope}` : sql``}`,
    );
    const amount = BigInt(m!.amount);
    const settled = BigInt(m!.settled);
    return {
      ...page,
      metrics: {
        totalWithdrawals: Number(m!.total),
        pendingWithdrawals: Number(m!.pending),
        totalAmount: fromCents(amount),
        averageAmount: settled === 0n ? 0 : fromCents((amount * 2n + settled) / (settled * 2n)),
      },
    };
  };

  return async (app) => {
    app.get(
      '/investments/withdraw/quote',
      {
        schema: {
          tags: ['withdrawals'],
          summary: 'What a withdrawal would be (fee, net, destination) and whether it would be accepted',
          querystring: zWithdrawalQuoteQuery,
          response: { 200: zWithdrawalQuote, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const user = await loadUserFor(ctx.db, caller, caller.userId, 'read');
        const p = await planWithdrawal(
          ctx.db,
          await ctx.settings.get(),
          user,
          request.query.amount,
          request.query.currency,
          ctx.now(),
        );
        return {
          amount: fromCents(p.amount),
          fee: fromCents(p.fee),
          netAmount: fromCents(p.amount > p.fee ? p.amount - p.fee : 0n),
          currency: p.currency,
          destination: p.destination ? maskDestination(p.destination) : null,
          availableBalance: fromCents(p.available),
          minimum: fromCents(p.minimum),
          maximum: p.maximum === null ? null : fromCents(p.maximum),
          securityHoldUntil: p.holdUntil?.toISOString() ?? null,
          problem: p.problem?.message ?? null,
          problemCode: p.problem?.code ?? null,
        };
      },
    );

    app.post(
      '/investments/withdraw',
      {
        schema: {
          tags: ['withdrawals'],
          summary: 'Request a withdrawal: the amount is held at once until staff pay or reject it',
          body: zWithdrawRequest,
          response: { 201: zWithdrawalCreated, 200: zWithdrawalCreated, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        if (request.body.userId !== caller.userId) throw new AppError('FORBIDDEN', WithdrawMsg.otherUser);
        const user = await loadUserFor(ctx.db, caller, caller.userId, 'write');
        const { withdrawal: w, replayed } = await requestWithdrawal(
          ctx.db,
          await ctx.settings.get(),
          user,
          request.body,
          ctx.now(),
        );
        if (!replayed)
          await recordActivity(ctx.db, {
            userId: user.id,
            action: `Requested withdrawal ${w.id}`,
            client: clientInfo(request),
          });
        return reply
          .status(replayed ? 200 : 201)
          .send({ message: WithdrawMsg.processed, withdrawal: await withdrawalView(ctx.db, w.id) });
      },
    );

    app.get(
      '/transactions/withdrawals',
      {
        schema: {
          tags: ['withdrawals'],
          summary: 'Every withdrawal (staff), with the cards’ figures',
          querystring: zPageQuery.extend(zWithdrawalListQuery.shape),
          response: { 200: zWithdrawalList, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        const q = request.query;
        return list(q.status ? eq(withdrawals.status, q.status) : undefined, undefined, q);
      },
    );

    app.get(
      '/transactions/withdrawals/:id',
      {
        schema: {
          tags: ['withdrawals'],
          summary: "A user's withdrawals (own, or any for staff)",
          params: zIdParam,
          querystring: zPageQuery.extend(zWithdrawalListQuery.shape),
          response: { 200: zWithdrawalList, ...errors },
        },
      },
      async (request) => {
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        const q = request.query;
        const own = eq(withdrawals.userId, user.id);
        return list(and(own, q.status ? eq(withdrawals.status, q.status) : undefined), sql`user_id = ${user.id}`, q);
      },
    );

    app.put(
      '/transactions/withdrawals/:id/status',
      {
        schema: {
          tags: ['withdrawals'],
          summary: 'Approve (settled: paid out) or reject (invalid: hold returned) a pending withdrawal (admin)',
          params: zIdParam,
          body: zWithdrawalDecision,
          response: { 200: z.object({ message: z.string(), withdrawal: zWithdrawal }), ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const w = await decideWithdrawal(
          ctx.db,
          request.params.id,
          request.body.status,
          { actor: auditActor(admin, request) },
          ctx.now(),
        );
        await recordActivity(ctx.db, {
          userId: admin.userId,
          action: `${request.body.status === 'settled' ? 'Approved' : 'Rejected'} withdrawal ${w.id} of user ${w.userId}`,
          client: clientInfo(request),
        });
        return {
          message: request.body.status === 'settled' ? WithdrawMsg.approved : WithdrawMsg.rejected,
          withdrawal: await withdrawalView(ctx.db, w.id),
        };
      },
    );
  };
}
