import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WithdrawMsg } from '../../../contract/funds';
import { toCents } from '../../../contract/money';
import { withdrawalsApi } from '../../../contract/withdrawals';
import type { ServerContext } from '../../context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { listUserWithdrawals, listWithdrawals } from './queries';
import { quoteWithdrawal, requestOwnWithdrawal, reviewWithdrawal } from './service';

export function withdrawalRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, withdrawalsApi.quote, async ({ query, caller }) =>
      quoteWithdrawal(ctx.db, await ctx.settings.get(), caller, query.amount, query.currency, ctx.now()),
    );
    serve(app, withdrawalsApi.create, async ({ body, caller }, request, reply) => {
      const settings = await ctx.settings.get();
      const { withdrawal, replayed } = await requestOwnWithdrawal(
        ctx.db,
        settings,
        caller,
        body,
        ctx.now(),
        clientInfo(request),
      );
      if (replayed) reply.status(200);
      return { message: WithdrawMsg.requested(toCents(withdrawal.amount), settings.withdrawalPayoutTime), withdrawal };
    });
    serve(app, withdrawalsApi.all, ({ query }) => listWithdrawals(ctx.db, { status: query.status }, query));
    serve(app, withdrawalsApi.ofUser, ({ params, query, caller }) =>
      listUserWithdrawals(ctx.db, caller, params.id, query),
    );
    serve(app, withdrawalsApi.decide, async ({ params, body, caller }, request) => {
      const decision = {
        actor: auditActor(caller, request),
        reason: body.reason,
        payoutReference: body.payoutReference,
      };
      const withdrawal = await reviewWithdrawal(
        ctx.db,
        params.id,
        body.status,
        decision,
        ctx.now(),
        clientInfo(request),
      );
      const message = body.status === 'settled' ? WithdrawMsg.approved : WithdrawMsg.rejected;
      return { message, withdrawal };
    });
  };
}
