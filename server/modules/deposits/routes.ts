import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zManualDeposit, zTransactionView } from '../../../contract/deposits';
import { zErrorBody } from '../../../contract/errors';
import type { ServerContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { toTransactionView } from '../transactions/view';
import { creditManualDeposit } from './manual';

export function depositRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/deposits/manual',
      {
        schema: {
          tags: ['deposits'],
          summary: 'Credit a user at once (admin); the same idempotencyKey never credits twice',
          body: zManualDeposit,
          response: { 201: z.object({ message: z.string(), transaction: zTransactionView }), 200: z.object({ message: z.string(), transaction: zTransactionView }), 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        const { transaction, replayed } = await creditManualDeposit(ctx.db, { adminId: admin.userId, ...request.body, now: ctx.now() });
        return reply.status(replayed ? 200 : 201).send({ message: replayed ? 'This deposit was already recorded' : 'Manual deposit recorded', transaction: toTransactionView(transaction) });
      },
    );
  };
}
