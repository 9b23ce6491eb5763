import type { DbOrTx } from '../../db/client';
import { activityLogs } from '../../db/schema';
import type { ClientInfo } from '../../lib/client-info';
import { parseUserAgent } from '../../lib/user-agent';

/**
 * Appends one activity row (a page visit or a security event) with the client's device details.
 * Call it with the transaction that makes the change, so the row commits with it.
 */
export async function recordActivity(
  db: DbOrTx,
  entry: { userId: number | null; action: string; client: ClientInfo; path?: string },
): Promise<void> {
  const { client } = entry;
  await db.insert(activityLogs).values({
    userId: entry.userId,
    action: entry.action.slice(0, 200),
    method: client.method,
    path: (entry.path ?? client.path).slice(0, 500),
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 500),
    ...parseUserAgent(client.userAgent),
  });
}
