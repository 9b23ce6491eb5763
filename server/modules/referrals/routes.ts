import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import { zReferralBalance, zReferralPage } from '../../../contract/referrals';
import type { ServerContext } from '../../context';
import { requireStaff, requireUser } from '../../plugins/auth';
import { listAllReferrals, listReferralsOf, referralBalanceOf } from './queries';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody };

export function referralRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/:id/referrals',
      {
        schema: {
          tags: ['referrals'],
          summary: "A user's direct referrals with the income each brought (own, or any for staff)",
          params: zIdParam,
          querystring: zPageQuery,
          response: { 200: zReferralPage, ...errors },
        },
      },
      async (request) => listReferralsOf(ctx.db, requireUser(request), request.params.id, request.query),
    );

    app.get(
      '/users/:id/referral-balance',
      {
        schema: {
          tags: ['referrals'],
          summary: 'Total referral income of a user',
          params: zIdParam,
          response: { 200: zReferralBalance, ...errors },
        },
      },
      async (request) => referralBalanceOf(ctx.db, requireUser(request), request.params.id),
    );

    app.get(
      '/referrals',
      {
        schema: {
          tags: ['referrals'],
          summary: 'Every referred user (staff)',
          querystring: zPageQuery,
          response: { 200: zReferralPage, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return listAllReferrals(ctx.db, request.query);
      },
    );
  };
}
