import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportFileName, zReportParams, zReportQuery } from '../../../contract/reports';
import type { ServerContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { reportCsv } from './service';

export function reportRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reports/:kind',
      {
        schema: {
          tags: ['reports'],
          summary:
            'A CSV report of users, transactions, investments or activity created in the period (admin; cookie or Bearer token)',
          params: zReportParams,
          querystring: zReportQuery,
          // No response schema: the body is a CSV stream (errors are the usual { message, code }).
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        const now = ctx.now();
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${reportFileName(now)}"`)
          .header('cache-control', 'no-store')
          .send(reportCsv(ctx.db, request.params.kind, request.query.period, now));
      },
    );
  };
}
