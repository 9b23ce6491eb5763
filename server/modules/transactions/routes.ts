import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { zErrorBody } from '../../../contract/errors';
import {
  TransactionMsg,
  zTransactionList,
  zTransactionListQuery,
  zTransactionRow,
  zTransactionUpdate,
  type TransactionRow,
} from '../../../contract/funds';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { deposits, transactions, users, withdrawals } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { paged } from '../../lib/paging';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { decideDeposit } from '../deposits/service';
import { clientInfo } from '../../lib/client-info';
import { recordActivity } from '../activity/service';
import { auditActor } from '../audit/service';
import { loadUserFor } from '../../lib/auth-context';
import { decideWithdrawal } from '../withdrawals/service';
import { REFERENCE_PATTERN } from './reference';
import { toTransactionView } from './view';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 409: zErrorBody, 422: zErrorBody };

export function transactionRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const rows = (db = ctx.db) =>
    db
      .select({ t: transactions, userName: users.userName })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId));
  const toRow = (r: { t: typeof transactions.$inferSelect; userName: string }): TransactionRow => ({
    ...toTransactionView(r.t),
    userName: r.userName,
  });
  const list = (where: SQL | undefined, q: { page: number; limit: number }) =>
    paged(
      q,
      async () => (await ctx.db.select({ n: count() }).from(transactions).where(where))[0]?.n ?? 0,
      async (limit, offset) =>
        (
          await rows()
            .where(where)
            .orderBy(desc(transactions.createdAt), desc(transactions.id))
            .limit(limit)
            .offset(offset)
        ).map(toRow),
    );
  const filters = (q: z.infer<typeof zTransactionListQuery>) => [
    q.status ? eq(transactions.status, q.status) : undefined,
    q.type ? eq(transactions.type, q.type) : undefined,
  ];

  return async (app) => {
    app.get(
      '/transactions',
      {
        schema: {
          tags: ['transactions'],
          summary: 'Every transaction (admin), filtered by status and type',
          querystring: zPageQuery.extend(zTransactionListQuery.shape),
          response: { 200: zTransactionList, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return list(and(...filters(request.query)), request.query);
      },
    );

    app.get(
      '/transactions/user/:id',
      {
        schema: {
          tags: ['transactions'],
          summary: "A user's transactions (own, or any for staff)",
          params: zIdParam,
          querystring: zPageQuery.extend(zTransactionListQuery.shape),
          response: { 200: zTransactionList, ...errors },
        },
      },
      async (request) => {
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        return list(and(eq(transactions.userId, user.id), ...filters(request.query)), request.query);
      },
    );

    app.get(
      '/transactions/reference/:ref',
      {
        schema: {
          tags: ['transactions'],
          summary: 'A transaction by reference number (own, or any for staff): the order page',
          params: z.object({ ref: z.string().max(40) }),
          response: { 200: zTransactionRow, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const ref = request.params.ref.trim().toUpperCase();
        // Someone else's reference answers exactly like an unknown one.
        if (!REFERENCE_PATTERN.test(ref)) throw notFound(TransactionMsg.notFound);
        const [row] = await rows().where(eq(transactions.referenceNumber, ref));
        if (!row || (row.t.userId !== caller.userId && caller.role === 'user')) throw notFound(TransactionMsg.notFound);
        return toRow(row);
      },
    );

    app.put(
      '/transactions/update/:id',
      {
        schema: {
          tags: ['transactions'],
          summary:
            'Change a transaction’s status (admin): only a pending deposit or withdrawal, and the money moves with it',
          params: zIdParam,
          body: zTransactionUpdate,
          response: { 200: z.object({ message: z.string(), transaction: zTransactionRow }), ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const id = request.params.id;
        const to = request.body.status;
        const [current] = await ctx.db.select().from(transactions).where(eq(transactions.id, id));
        if (!current) throw notFound(TransactionMsg.notFound);
        const decision = to === 'completed' ? 'settled' : to === 'failed' ? 'invalid' : null;
        // One audit record, filed under the transaction the admin changed.
        const staff = {
          actor: auditActor(admin, request),
          as: { action: 'transaction.update', targetType: 'transaction', targetId: id },
        };
        if (current.type === 'deposit' || current.type === 'withdrawal') {
          if (current.status !== 'pending' || !decision)
            throw new AppError('TRANSITION_REFUSED', TransactionMsg.transitionRefused(current.status, to));
          if (current.type === 'deposit') {
            const [d] = await ctx.db.select({ id: deposits.id }).from(deposits).where(eq(deposits.transactionId, id));
            await decideDeposit(ctx.db, d!.id, decision, staff, ctx.now());
          } else {
            const [w] = await ctx.db
              .select({ id: withdrawals.id })
              .from(withdrawals)
              .where(eq(withdrawals.transactionId, id));
            await decideWithdrawal(ctx.db, w!.id, decision, staff, ctx.now());
          }
        } else if (current.status !== to) {
          throw new AppError('TRANSITION_REFUSED', TransactionMsg.noManualChange);
        }
        if (current.status !== to)
          await recordActivity(ctx.db, {
            userId: admin.userId,
            action: `Set transaction ${current.referenceNumber} to ${to}`,
            client: clientInfo(request),
          });
        const [row] = await rows().where(eq(transactions.id, id));
        return { message: TransactionMsg.updated, transaction: toRow(row!) };
      },
    );
  };
}
