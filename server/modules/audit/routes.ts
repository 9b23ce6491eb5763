import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zAuditLogPage, zAuditLogQuery } from '../../../contract/audit';
import { zErrorBody } from '../../../contract/errors';
import type { ServerContext } from '../../context';
import { requireStaff } from '../../plugins/auth';
import { listAuditLog } from './queries';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody };

export function auditRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/audit-log',
      {
        schema: {
          tags: ['audit'],
          summary:
            'Every staff action, newest first (staff); filter by action (or its prefix), actor, target and date range',
          querystring: zAuditLogQuery,
          response: { 200: zAuditLogPage, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return listAuditLog(ctx.db, request.query);
      },
    );
  };
}
