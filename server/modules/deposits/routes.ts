import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { zManualDeposit, zTransactionView } from '../../../contract/deposits';
import { zErrorBody } from '../../../contract/errors';
import {
  DepositMsg,
  zDeposit,
  zDepositRequest,
  zDepositCreated,
  zDepositDecision,
  zDepositList,
  zDepositListQuery,
} from '../../../contract/funds';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { siteLinkBase } from '../../context';
import { deposits } from '../../db/schema';
import { BtcpayError, createBtcpayClient, verifyBtcpaySignature, zBtcpayWebhook } from '../../integrations/btcpay';
import { AppError } from '../../lib/errors';
import { paged } from '../../lib/paging';
import { requireAdmin, requireStaff, requireUser } from '../../plugins/auth';
import { newReference } from '../transactions/reference';
import { toTransactionView } from '../transactions/view';
import { clientInfo } from '../../lib/client-info';
import { recordActivity } from '../activity/service';
import { auditActor } from '../audit/service';
import { assertCanMoveMoney } from '../users/money-gate';
import { loadUserFor } from '../../lib/auth-context';
import { applyInvoice, btcpayConfig, depositForInvoice } from './btcpay';
import { creditManualDeposit } from './manual';
import { decideDeposit, depositView, depositViewQuery, recordDeposit, toDepositView } from './service';

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
  const list = (where: SQL | undefined, q: { page: number; limit: number }) =>
    paged(
      q,
      async () => (await ctx.db.select({ n: count() }).from(deposits).where(where))[0]?.n ?? 0,
      async (limit, offset) =>
        (
          await depositViewQuery(ctx.db)
            .where(where)
            .orderBy(desc(deposits.createdAt), desc(deposits.id))
            .limit(limit)
            .offset(offset)
        ).map((r) => toDepositView(r.d, r.userName, r.referenceNumber)),
    );

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
        const body = request.body;
        const settings = await ctx.settings.get();
        const user = await loadUserFor(ctx.db, caller, caller.userId, 'write');
        const now = ctx.now();
        assertCanMoveMoney(settings, user, 'deposit', now);
        const referenceNumber = await newReference(ctx.db);
        const cfg = btcpayConfig(settings);
        let invoice: { id: string; url: string } | null = null;
        if (cfg) {
          const base = settings.btcpayOrderReturnUrl
            ? settings.btcpayOrderReturnUrl.replace(/\/+$/, '')
            : await siteLinkBase(ctx);
          try {
            const created = await createBtcpayClient(cfg).createInvoice({
              amountCents: body.amount,
              orderId: referenceNumber,
              redirectUrl: `${base}/app/${encodeURIComponent(user.userName)}/order/${referenceNumber}`,
              buyerEmail: user.email,
              itemDesc: `Deposit ${referenceNumber}`,
            });
            invoice = { id: created.id, url: created.checkoutLink };
          } catch (err) {
            if (err instanceof BtcpayError) {
              request.log.warn({ err: err.message, status: err.status }, 'BTCPay invoice creation failed');
              throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', DepositMsg.paymentUnavailable);
            }
            throw err;
          }
        }
        const { deposit, replayed } = await recordDeposit(ctx.db, {
          userId: user.id,
          amount: body.amount,
          currency: body.currency,
          referenceNumber,
          invoice,
          idempotencyKey: body.idempotencyKey,
          now,
        });
        const view = await depositView(ctx.db, deposit.id);
        return reply.status(replayed ? 200 : 201).send({
          message: view.invoiceUrl ? DepositMsg.redirecting : DepositMsg.pendingApproval,
          deposit: view,
          invoiceUrl: view.invoiceUrl,
        });
      },
    );

    app.get(
      '/deposits/all',
      {
        schema: {
          tags: ['deposits'],
          summary: 'Every deposit (staff), filtered by status and user',
          querystring: zPageQuery.extend(zDepositListQuery.shape),
          response: { 200: zDepositList, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        const q = request.query;
        return list(
          and(
            q.status ? eq(deposits.status, q.status) : undefined,
            q.userId ? eq(deposits.userId, q.userId) : undefined,
          ),
          q,
        );
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
      async (request) => {
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        return list(eq(deposits.userId, user.id), request.query);
      },
    );

    app.put(
      '/deposits/update/:id',
      {
        schema: {
          tags: ['deposits'],
          summary: 'Approve (settled: credits once) or reject (invalid) an open deposit (admin)',
          params: zIdParam,
          body: zDepositDecision,
          response: { 200: z.object({ message: z.string(), deposit: zDeposit }), ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const deposit = await decideDeposit(
          ctx.db,
          request.params.id,
          request.body.status,
          { actor: auditActor(admin, request) },
          ctx.now(),
        );
        await recordActivity(ctx.db, {
          userId: admin.userId,
          action: `${request.body.status === 'settled' ? 'Approved' : 'Rejected'} deposit ${deposit.id} of user ${deposit.userId}`,
          client: clientInfo(request),
        });
        return {
          message: request.body.status === 'settled' ? DepositMsg.approved : DepositMsg.rejected,
          deposit: await depositView(ctx.db, deposit.id),
        };
      },
    );

    app.post(
      '/deposits/manual',
      {
        schema: {
          tags: ['deposits'],
          summary: 'Credit a user at once (admin); the same idempotencyKey never credits twice',
          body: zManualDeposit,
          response: {
            201: z.object({ message: z.string(), transaction: zTransactionView }),
            200: z.object({ message: z.string(), transaction: zTransactionView }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        const { transaction, replayed } = await creditManualDeposit(ctx.db, {
          adminId: admin.userId,
          actor: auditActor(admin, request),
          ...request.body,
          now: ctx.now(),
        });
        if (!replayed)
          await recordActivity(ctx.db, {
            userId: admin.userId,
            action: `Manual deposit ${transaction.referenceNumber} to user ${transaction.userId}`,
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
            response: { 200: z.object({ status: z.string() }), ...errors },
          },
        },
        async (request) => {
          const cfg = btcpayConfig(await ctx.settings.get());
          if (!cfg) throw new AppError('NOT_CONFIGURED', 'BTCPay is not configured');
          const raw = request.body as Buffer;
          if (
            !Buffer.isBuffer(raw) ||
            !verifyBtcpaySignature(raw, request.headers['btcpay-sig'] as string | undefined, cfg.webhookSecret)
          ) {
            throw new AppError('BAD_SIGNATURE', 'Invalid webhook signature');
          }
          let event;
          try {
            event = zBtcpayWebhook.parse(JSON.parse(raw.toString('utf8')));
          } catch {
            throw new AppError('VALIDATION_FAILED', 'Malformed webhook body');
          }
          if (event.storeId !== cfg.storeId) return { status: 'ignored: other store' };
          const found = await depositForInvoice(ctx.db, event.invoiceId);
          if (!found) return { status: 'ignored: unknown invoice' };
          let invoice;
          try {
            invoice = await createBtcpayClient(cfg).getInvoice(event.invoiceId);
          } catch (err) {
            if (err instanceof BtcpayError)
              throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'Could not confirm the invoice with BTCPay');
            throw err;
          }
          const status = await applyInvoice(ctx.db, found.deposit, found.reference, invoice, cfg, ctx.now());
          return { status };
        },
      );
    });
  };
}
