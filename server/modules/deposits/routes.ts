import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zBtcpayWebhookAck, zManualDeposit, zManualDepositRecorded } from '../../../contract/deposits';
import { zErrorBody } from '../../../contract/errors';
import {
  DepositMsg,
  zDepositRequest,
  zDepositCreated,
  zDepositDecision,
  zDepositList,
  zDepositDecided,
  zDepositsQuery,
} from '../../../contract/funds';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { siteLinkBase } from '../../context';
import { requireAdmin, requireStaff, requireUser } from '../../plugins/auth';
import { toTransactionView } from '../transactions/view';
import { clientInfo } from '../../lib/client-info';
import { auditActor } from '../audit/service';
import { handleBtcpayWebhook } from './btcpay';
import { creditManualDeposit } from './manual';
import { listDeposits, listUserDeposits } from './queries';
import { reviewDeposit, startDeposit } from './service';

const errors = {
  400: zErrorBody,
  401: zErrorBody,
  403: zErrorBody,
  404: zErrorBody,
  409: zErrorBody,
  422: zErrorBody,
  502: zErrorBody,
  503: zErrorBody,
};

export function depositRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/deposits/new',
      {
        schema: {
          tags: ['deposits'],
          summary:
            'Start a deposit: a BTCPay invoice to pay when BTCPay is configured, else a pending deposit for staff to approve',
          body: zDepositRequest,
          response: { 201: zDepositCreated, 200: zDepositCreated, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        const { deposit, replayed } = await startDeposit(
          ctx.db,
          { settings: await ctx.settings.get(), siteBase: () => siteLinkBase(ctx), log: request.log },
          caller,
          request.body,
          ctx.now(),
        );
        return reply.status(replayed ? 200 : 201).send({
          message: deposit.invoiceUrl ? DepositMsg.redirecting : DepositMsg.pendingApproval,
          deposit,
          invoiceUrl: deposit.invoiceUrl,
        });
      },
    );

    app.get(
      '/deposits/all',
      {
        schema: {
          tags: ['deposits'],
          summary: 'Every deposit (staff), filtered by status and user',
          querystring: zDepositsQuery,
          response: { 200: zDepositList, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return listDeposits(ctx.db, request.query);
      },
    );

    app.get(
      '/deposits/:id/user',
      {
        schema: {
          tags: ['deposits'],
          summary: "A user's deposits (own, or any for staff)",
          params: zIdParam,
          querystring: zPageQuery,
          response: { 200: zDepositList, ...errors },
        },
      },
      async (request) => listUserDeposits(ctx.db, requireUser(request), request.params.id, request.query),
    );

    app.put(
      '/deposits/update/:id',
      {
        schema: {
          tags: ['deposits'],
          summary: 'Approve (settled: credits once) or reject (invalid) an open deposit (admin)',
          params: zIdParam,
          body: zDepositDecision,
          response: { 200: zDepositDecided, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const deposit = await reviewDeposit(
          ctx.db,
          request.params.id,
          request.body.status,
          { actor: auditActor(admin, request) },
          ctx.now(),
          clientInfo(request),
        );
        return { message: request.body.status === 'settled' ? DepositMsg.approved : DepositMsg.rejected, deposit };
      },
    );

    app.post(
      '/deposits/manual',
      {
        schema: {
          tags: ['deposits'],
          summary: 'Credit a user at once (admin); the same idempotencyKey never credits twice',
          body: zManualDeposit,
          response: { 201: zManualDepositRecorded, 200: zManualDepositRecorded, ...errors },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        const { transaction, replayed } = await creditManualDeposit(ctx.db, {
          adminId: admin.userId,
          actor: auditActor(admin, request),
          ...request.body,
          now: ctx.now(),
          client: clientInfo(request),
        });
        return reply.status(replayed ? 200 : 201).send({
          message: replayed ? 'This deposit was already recorded' : 'Manual deposit recorded',
          transaction: toTransactionView(transaction),
        });
      },
    );

    // The webhook needs the raw bytes for its signature, so it gets its own JSON parser.
    await app.register(async (hook) => {
      hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
        done(null, body),
      );
      hook.post(
        '/deposits/webhook/btcpay',
        {
          schema: {
            tags: ['deposits'],
            summary: 'BTCPay Server webhook: signature checked, invoice re-fetched from BTCPay before anything changes',
            response: { 200: zBtcpayWebhookAck, ...errors },
          },
        },
        async (request) => {
          const status = await handleBtcpayWebhook(
            ctx.db,
            await ctx.settings.get(),
            request.body,
            request.headers['btcpay-sig'] as string | undefined,
            ctx.now(),
          );
          return { status };
        },
      );
    });
  };
}
