import type { ActivityKind } from '../../../contract/activity';
import type { DbOrTx } from '../../db/client';
import { activityLogs } from '../../db/schema';
import type { ClientInfo } from '../../lib/client-info';
import { parseUserAgent } from '../../lib/user-agent';

/**
 * Appends one activity row with the client's device details: `kind` security for sign-ins and
 * security changes (the security page lists those), page_view for pages the browser reports.
 * Call it with the transaction that makes the change, so the row commits with it.
 */
export async function recordActivity(
  db: DbOrTx,
  entry: { userId: number | null; action: string; client: ClientInfo; path?: string; kind?: ActivityKind },
): Promise<void> {
  const { client } = entry;
  await db.insert(activityLogs).values({
    userId: entry.userId,
    action: entry.action.slice(0, 200),
    kind: entry.kind ?? 'action',
    method: client.method,
    path: (entry.path ?? client.path).slice(0, 500),
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 500),
    ...parseUserAgent(client.userAgent),
  });
}
