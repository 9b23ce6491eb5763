import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import { PayoutMsg, zPayoutDetailsUpdate, zPayoutDetailsUpdated } from '../../../contract/funds';
import { zIdParam, zPage, zPageQuery } from '../../../contract/pagination';
import { zUserListQuery, zUserSummary } from '../../../contract/users';
import type { ServerContext } from '../../context';
import { perIp } from '../../plugins/limits';
import { requireStaff, requireUser } from '../../plugins/auth';
import { clientInfo } from '../../lib/client-info';
import { listUserSummaries } from './manage';
import { changePayoutDetails } from './payout';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 422: zErrorBody, 429: zErrorBody };

/** Payout details (where withdrawals go) and the staff user list. */
export function payoutRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/users/:id/payout-details',
      {
        config: perIp(10, 15),
        schema: {
          tags: ['users'],
          summary:
            'Change own wallets and bank details: needs the password, and the 2FA code when 2FA is on; starts the security hold',
          params: zIdParam,
          body: zPayoutDetailsUpdate,
          response: { 200: zPayoutDetailsUpdated, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const profile = await changePayoutDetails(ctx.db, ctx.box, caller, request.params.id, request.body, {
          now: ctx.now(),
          holdMs: (await ctx.settings.get()).securityHoldHours * 3_600_000,
          client: clientInfo(request),
        });
        return { message: PayoutMsg.updated, profile };
      },
    );

    app.get(
      '/users',
      {
        schema: {
          tags: ['users'],
          summary: 'Users for staff lists and selects, searchable by name, user name or email',
          querystring: zPageQuery.extend(zUserListQuery.shape),
          response: { 200: zPage(zUserSummary), ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return listUserSummaries(ctx.db, request.query);
      },
    );
  };
}
