import { z } from 'zod';

export const zHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ up: z.boolean(), latencyMs: z.number().nullable(), driver: z.enum(['pglite', 'postgres']) }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof zHealth>;

export const zLive = z.object({ status: z.literal('ok') });
