import { z } from 'zod';
import { route } from './route';

export const zHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ up: z.boolean(), latencyMs: z.number().nullable(), driver: z.enum(['pglite', 'postgres']) }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof zHealth>;

export const zLive = z.object({ status: z.literal('ok') });

export const healthApi = {
  /** Liveness for load balancers: answers without touching the database. */
  live: route({
    method: 'GET',
    path: '/health/live',
    tag: 'health',
    summary: 'Liveness only (no database check)',
    access: 'public',
    response: zLive,
    errors: [],
  }),
  check: route({
    method: 'GET',
    path: '/health',
    tag: 'health',
    summary: 'Liveness, database reachability, version and uptime (503 with the same body when the database is down)',
    access: 'public',
    response: zHealth,
    status: [200, 503],
    errors: [],
  }),
};
