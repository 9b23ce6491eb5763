import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditApi } from '../../../contract/audit';
import type { ServerContext } from '../../context';
import { serve } from '../../lib/route';
import { listAuditLog } from './queries';

export function auditRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, auditApi.list, ({ query }) => listAuditLog(ctx.db, query));
  };
}
