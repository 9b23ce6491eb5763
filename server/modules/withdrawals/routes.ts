import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WithdrawMsg } from '../../../contract/funds';
import { toCents } from '../../../contract/money';
import { withdrawalsApi } from '../../../contract/withdrawals';
import type { ServerContext } from '../../context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { listUserWithdrawals, listWithdrawals } from './queries';
import { approveWithdrawal, recordRoute, startAutoPayout } from './approval';
import { quoteWithdrawal } from './quote';
import { requestOwnWithdrawal, reviewWithdrawal, withdrawalView } from './service';

export function withdrawalRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, withdrawalsApi.quote, async ({ query, caller }) =>
      quoteWithdrawal(ctx.db, await ctx.settings.get(), caller, query.amount, query.currency, ctx.now()),
    );
    serve(app, withdrawalsApi.create, async ({ body, caller }, request, reply) => {
      const settings = await ctx.settings.get();
      const now = ctx.now();
      const { withdrawal, replayed } = await requestOwnWithdrawal(
        ctx.db,
        settings,
        caller,
        body,
        now,
        clientInfo(request),
        (tx, w) => recordRoute(tx, settings, w, now),
      );
      if (replayed) reply.status(200);
      else
        try {
          await startAutoPayout(ctx.db, settings, withdrawal.id, now, request.log);
        } catch (err) {
          // The withdrawal is held and routed: answering 500 would invite a second request. Unclaimed, it
          // waits for staff.
          request.log.error({ err, withdrawalId: withdrawal.id }, 'automatic payout not started');
        }
      const route = withdrawal.approvalRoute;
      const amount = toCents(withdrawal.amount);
      return {
        message:
          route === 'auto'
            ? WithdrawMsg.requestedSending(amount)
            : WithdrawMsg.requested(amount, settings.withdrawalPayoutTime),
        withdrawal: replayed ? withdrawal : await withdrawalView(ctx.db, withdrawal.id),
      };
    });
    serve(app, withdrawalsApi.all, ({ query }) =>
      listWithdrawals(ctx.db, { status: query.status, stage: query.stage }, query),
    );
    serve(app, withdrawalsApi.ofUser, ({ params, query, caller }) =>
      listUserWithdrawals(ctx.db, caller, params.id, query),
    );
    serve(app, withdrawalsApi.decide, async ({ params, body, caller }, request) => {
      const decision = {
        actor: auditActor(caller, request),
        reason: body.reason,
        payoutReference: body.payoutReference,
      };
      if (body.status === 'invalid') {
        const withdrawal = await reviewWithdrawal(
          ctx.db,
          params.id,
          'invalid',
          decision,
          ctx.now(),
          clientInfo(request),
        );
        return { message: WithdrawMsg.rejected, withdrawal };
      }
      const settings = await ctx.settings.get();
      const outcome = await approveWithdrawal(
        ctx.db,
        settings,
        params.id,
        decision,
        ctx.now(),
        clientInfo(request),
        request.log,
      );
      const message =
        outcome === 'first-approval'
          ? WithdrawMsg.firstApproval
          : outcome === 'sending'
            ? WithdrawMsg.sending
            : WithdrawMsg.approved;
      return { message, withdrawal: await withdrawalView(ctx.db, params.id) };
    });
  };
}
