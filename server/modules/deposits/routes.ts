import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depositsApi } from '../../../contract/deposits';
import { DepositMsg } from '../../../contract/funds';
import { depositApprovalRoute } from '../../../contract/withdrawal-rules';
import type { ServerContext } from '../../context';
import { siteLinkBase } from '../../context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { toTransactionView } from '../transactions/view';
import { handleBtcpayWebhook } from './btcpay';
import { paymentInstructions } from './instructions';
import { creditManualDeposit, requestManualDeposit } from './manual';
import { listDeposits, listUserDeposits } from './queries';
import { reviewDeposit, startDeposit } from './service';

export function depositRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, depositsApi.create, async ({ body, caller }, request, reply) => {
      const deps = { settings: await ctx.settings.get(), siteBase: () => siteLinkBase(ctx), log: request.log };
      const { deposit, replayed } = await startDeposit(ctx.db, deps, caller, body, ctx.now());
      if (replayed) reply.status(200);
      if (deposit.invoiceUrl)
        return { message: DepositMsg.redirecting, deposit, invoiceUrl: deposit.invoiceUrl, instructions: null };
      const instructions = await paymentInstructions(deps.settings, deposit.currency, deposit.referenceNumber);
      return { message: DepositMsg.pendingApproval, deposit, invoiceUrl: null, instructions };
    });
    serve(app, depositsApi.all, ({ query }) => listDeposits(ctx.db, query));
    serve(app, depositsApi.ofUser, ({ params, query, caller }) => listUserDeposits(ctx.db, caller, params.id, query));
    serve(app, depositsApi.decide, async ({ params, body, caller }, request) => {
      const decision = { actor: auditActor(caller, request), reason: body.reason };
      const deposit = await reviewDeposit(ctx.db, params.id, body.status, decision, ctx.now(), clientInfo(request));
      return { message: body.status === 'settled' ? DepositMsg.approved : DepositMsg.rejected, deposit };
    });
    serve(app, depositsApi.manual, async ({ body, caller }, request, reply) => {
      const input = {
        adminId: caller.userId,
        actor: auditActor(caller, request),
        ...body,
        now: ctx.now(),
        client: clientInfo(request),
      };
      const twoApprovals = depositApprovalRoute(body.amount, await ctx.settings.get()) === 'four-eyes';
      const { transaction, replayed } = twoApprovals
        ? await requestManualDeposit(ctx.db, input)
        : await creditManualDeposit(ctx.db, input);
      if (replayed) reply.status(200);
      const message = replayed
        ? 'This deposit was already recorded'
        : twoApprovals
          ? DepositMsg.manualNeedsSecondApproval
          : 'Manual deposit recorded';
      return { message, transaction: toTransactionView(transaction) };
    });

    // The webhook needs the raw bytes for its signature, so it gets its own JSON parser.
    await app.register(async (hook) => {
      hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
        done(null, body),
      );
      serve(hook, depositsApi.btcpayWebhook, async (_input, request) => {
        const signature = request.headers['btcpay-sig'] as string | undefined;
        const settings = await ctx.settings.get();
        return { status: await handleBtcpayWebhook(ctx.db, settings, request.body, signature, ctx.now()) };
      });
    });
  };
}
