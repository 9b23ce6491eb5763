import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';

/** Who did it: the staff member and where from. */
export interface AuditActor {
  userId: number | null;
  userName: string;
  role: string;
  ip: string;
}

export interface AuditEntry {
  /** Dotted verb, e.g. `deposit.approve`. */
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** A staff decision carried into a service: who, and optionally the name the audit log files it under. */
export interface StaffDecision {
  actor: AuditActor;
  as?: Pick<AuditEntry, 'action' | 'targetType' | 'targetId'>;
}

export const auditActor = (
  auth: AuthContext,
  request: Pick<FastifyRequest, 'ip'>,
): AuditActor & { userId: number } => ({
  userId: auth.userId,
  userName: auth.userName,
  role: auth.role,
  ip: request.ip,
});

/** The actor of work the platform does by itself (jobs, webhooks). */
export const systemActor: AuditActor = { userId: null, userName: 'system', role: 'system', ip: '' };

/**
 * Appends one audit row. Call it inside the transaction that makes the change, so the
 * record and the change commit together or not at all.
 */
export async function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.userId,
    actorUserName: actor.userName,
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
    ip: actor.ip.slice(0, 100),
  });
}

/** bigint cents and Dates become plain JSON values. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}
