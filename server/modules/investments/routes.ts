import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import {
  InvestMsg,
  zInvestCreated,
  zInvestmentListQuery,
  zInvestmentPage,
  zInvestRequest,
} from '../../../contract/investments';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { requireStaff, requireUser } from '../../plugins/auth';
import { investAsCaller } from './invest';
import { listAllInvestments, listInvestmentsOf } from './queries';

const errors = {
  400: zErrorBody,
  401: zErrorBody,
  403: zErrorBody,
  404: zErrorBody,
  409: zErrorBody,
  422: zErrorBody,
  503: zErrorBody,
};

export function investmentRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
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
        const { investment, replayed } = await investAsCaller(
          ctx.db,
          await ctx.settings.get(),
          caller,
          request.body,
          ctx.now(),
        );
        return reply
          .status(replayed ? 200 : 201)
          .send({ success: true, message: InvestMsg.created, data: { investment } });
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
          response: { 200: zInvestmentPage, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        return listInvestmentsOf(ctx.db, caller, request.params.id, request.query);
      },
    );

    app.get(
      '/investments/all',
      {
        schema: {
          tags: ['investments'],
          summary: 'Every investment (staff), filtered by status, planId, userId, startDate',
          querystring: zInvestmentListQuery,
          response: { 200: zInvestmentPage, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return listAllInvestments(ctx.db, request.query);
      },
    );
  };
}
