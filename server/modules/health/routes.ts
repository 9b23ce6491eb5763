import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthApi } from '../../../contract/health';
import { pingDatabase, type Database } from '../../db/client';
import { serve } from '../../lib/route';
import { RETRY_AFTER_SECONDS } from '../../plugins/errors';

export function healthRoutes(database: Database, version: string, startedAt: number): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, healthApi.live, async () => ({ status: 'ok' as const }));
    serve(app, healthApi.check, async (_input, _request, reply) => {
      const latencyMs = await pingDatabase(database.db);
      const up = latencyMs !== null;
      reply.status(up ? 200 : 503);
      if (!up) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return {
        status: up ? ('ok' as const) : ('degraded' as const),
        database: { up, latencyMs, driver: database.driver },
        version,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
    });
  };
}
