import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import {
  TransactionMsg,
  zTransactionList,
  zTransactionListQuery,
  zTransactionRefParams,
  zTransactionRow,
  zTransactionUpdate,
  zTransactionUpdated,
} from '../../../contract/funds';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { clientInfo } from '../../lib/client-info';
import { auditActor } from '../audit/service';
import { listTransactions, listUserTransactions, setTransactionStatus, transactionByReference } from './service';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 409: zErrorBody, 422: zErrorBody };

export function transactionRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
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
        return listTransactions(ctx.db, request.query);
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
      async (request) => listUserTransactions(ctx.db, requireUser(request), request.params.id, request.query),
    );

    app.get(
      '/transactions/reference/:ref',
      {
        schema: {
          tags: ['transactions'],
          summary: 'A transaction by reference number (own, or any for staff): the order page',
          params: zTransactionRefParams,
          response: { 200: zTransactionRow, ...errors },
        },
      },
      async (request) => transactionByReference(ctx.db, requireUser(request), request.params.ref),
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
          response: { 200: zTransactionUpdated, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const transaction = await setTransactionStatus(ctx.db, request.params.id, request.body.status, {
          actor: auditActor(admin, request),
          client: clientInfo(request),
          now: ctx.now(),
        });
        return { message: TransactionMsg.updated, transaction };
      },
    );
  };
}
