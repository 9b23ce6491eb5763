import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import { zInvestmentCancelled, zReturnUpdatePage } from '../../../contract/investments';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { requireAdmin, requireStaff, requireUser } from '../../plugins/auth';
import { auditActor } from '../audit/service';
import { cancelInvestmentView, listAllReturns, listInvestmentReturns, listUserReturns } from './returns';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 409: zErrorBody };

export function returnRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/investments/:id/return-updates',
      {
        schema: {
          tags: ['investments'],
          summary: "An investment's payouts (its owner or staff)",
          params: zIdParam,
          querystring: zPageQuery,
          response: { 200: zReturnUpdatePage, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        return listInvestmentReturns(ctx.db, caller, request.params.id, request.query);
      },
    );

    app.get(
      '/investments/return-updates',
      {
        schema: {
          tags: ['investments'],
          summary: 'Every payout (staff)',
          querystring: zPageQuery,
          response: { 200: zReturnUpdatePage, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return listAllReturns(ctx.db, request.query);
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
          response: { 200: zReturnUpdatePage, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        return listUserReturns(ctx.db, caller, request.params.id, request.query);
      },
    );

    app.post(
      '/investments/:id/cancel',
      {
        schema: {
          tags: ['investments'],
          summary: 'Cancel a running investment (admin): principal back to available',
          params: zIdParam,
          response: { 200: zInvestmentCancelled, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const data = await cancelInvestmentView(ctx.db, request.params.id, auditActor(admin, request), ctx.now());
        return { message: 'Investment cancelled: principal returned to the investor', data };
      },
    );
  };
}
