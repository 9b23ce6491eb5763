import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TransactionMsg } from '../../../contract/funds';
import { transactionsApi } from '../../../contract/transactions';
import type { ServerContext } from '../../context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { listTransactions, listUserTransactions, setTransactionStatus, transactionByReference } from './service';

export function transactionRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, transactionsApi.all, ({ query }) => listTransactions(ctx.db, query));
    serve(app, transactionsApi.ofUser, ({ params, query, caller }) =>
      listUserTransactions(ctx.db, caller, params.id, query),
    );
    serve(app, transactionsApi.byReference, async ({ params, caller }) =>
      transactionByReference(ctx.db, await ctx.settings.get(), caller, params.ref),
    );
    serve(app, transactionsApi.setStatus, async ({ params, body, caller }, request) => {
      const transaction = await setTransactionStatus(ctx.db, params.id, body.status, {
        actor: auditActor(caller, request),
        client: clientInfo(request),
        now: ctx.now(),
        reason: body.reason,
        payoutReference: body.payoutReference,
      });
      return { message: TransactionMsg.updated, transaction };
    });
  };
}
