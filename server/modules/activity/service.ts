import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { activityLogs } from '../../db/schema';
import { parseUserAgent } from '../../lib/user-agent';

/** Appends one activity row (a page visit or a security event) with the request's device details. */
export async function recordActivity(
  db: DbOrTx,
  entry: { userId: number | null; action: string; request: FastifyRequest; path?: string },
): Promise<void> {
  const ua = entry.request.headers['user-agent'] ?? '';
  await db.insert(activityLogs).values({
    userId: entry.userId,
    action: entry.action.slice(0, 200),
    method: entry.request.method,
    path: (entry.path ?? entry.request.url).slice(0, 500),
    ip: entry.request.ip,
    userAgent: ua.slice(0, 500),
    ...parseUserAgent(ua),
  });
}
