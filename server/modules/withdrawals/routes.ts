import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import {
  WithdrawMsg,
  zWithdrawalCreated,
  zWithdrawalDecided,
  zWithdrawalDecision,
  zWithdrawalList,
  zWithdrawalListQuery,
  zWithdrawalQuote,
  zWithdrawalQuoteQuery,
  zWithdrawRequest,
} from '../../../contract/funds';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { requireAdmin, requireStaff, requireUser } from '../../plugins/auth';
import { clientInfo } from '../../lib/client-info';
import { auditActor } from '../audit/service';
import { listUserWithdrawals, listWithdrawals } from './queries';
import { quoteWithdrawal, requestOwnWithdrawal, reviewWithdrawal } from './service';

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
        const { amount, currency } = request.query;
        return quoteWithdrawal(ctx.db, await ctx.settings.get(), caller, amount, currency, ctx.now());
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
        const { withdrawal, replayed } = await requestOwnWithdrawal(
          ctx.db,
          await ctx.settings.get(),
          caller,
          request.body,
          ctx.now(),
          clientInfo(request),
        );
        return reply.status(replayed ? 200 : 201).send({ message: WithdrawMsg.processed, withdrawal });
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
        return listWithdrawals(ctx.db, { status: request.query.status }, request.query);
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
      async (request) => listUserWithdrawals(ctx.db, requireUser(request), request.params.id, request.query),
    );

    app.put(
      '/transactions/withdrawals/:id/status',
      {
        schema: {
          tags: ['withdrawals'],
          summary: 'Approve (settled: paid out) or reject (invalid: hold returned) a pending withdrawal (admin)',
          params: zIdParam,
          body: zWithdrawalDecision,
          response: { 200: zWithdrawalDecided, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const withdrawal = await reviewWithdrawal(
          ctx.db,
          request.params.id,
          request.body.status,
          { actor: auditActor(admin, request) },
          ctx.now(),
          clientInfo(request),
        );
        return {
          message: request.body.status === 'settled' ? WithdrawMsg.approved : WithdrawMsg.rejected,
          withdrawal,
        };
      },
    );
  };
}
