import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zHealth, zLive } from '../../../contract/health';
import { pingDatabase, type Database } from '../../db/client';

export function healthRoutes(database: Database, version: string, startedAt: number): FastifyPluginAsyncZod {
  return async (app) => {
    // Liveness for load balancers: answers without touching the database.
    app.get(
      '/health/live',
      { schema: { tags: ['health'], summary: 'Liveness only (no database check)', response: { 200: zLive } } },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness, database reachability, version and uptime',
          response: { 200: zHealth, 503: zHealth },
        },
      },
      async (_request, reply) => {
        const latencyMs = await pingDatabase(database.db);
        const up = latencyMs !== null;
        return reply.status(up ? 200 : 503).send({
          status: up ? 'ok' : 'degraded',
          database: { up, latencyMs, driver: database.driver },
          version,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        });
      },
    );
  };
}
