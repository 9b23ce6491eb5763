import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportFileName, reportsApi } from '../../../contract/reports';
import type { ServerContext } from '../../context';
import { serve } from '../../lib/route';
import { reportCsv } from './service';

export function reportRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, reportsApi.csv, async ({ params, query }, _request, reply) => {
      const now = ctx.now();
      // Opened before any header goes out, so a database that cannot be reached is an error answer, not a cut-off file.
      const csv = await reportCsv(ctx.db, params.kind, query.period, now);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFileName(params.kind, query.period, now)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });
  };
}
