import { KycMsg, type DuplicateSignal, type KycDecision, type KycReview } from '../../../contract/kyc';
import type { Db } from '../../db/client';
import { loadUserFor, type AuthContext } from '../../lib/auth-context';
import { recordAudit, type AuditActor } from '../audit/service';
import { noticeOf } from '../notifications/messages';
import { notifyUser } from '../notifications/notify';
import { duplicateSignals } from './duplicates';
import { decideKyc, loadSubmission, submissionsOf, toSubmission } from './service';

/** One submission for a reviewer: its user, the user's earlier submissions and duplicate-account signals. */
export async function kycReview(db: Db, caller: AuthContext, id: number): Promise<KycReview> {
  const row = await loadSubmission(db, id);
  const user = await loadUserFor(db, caller, row.userId, 'read');
  const history = await submissionsOf(db, row.userId, 50);
  return {
    submission: history.find((s) => s.id === row.id) ?? toSubmission(row, null),
    user: {
      id: user.id,
      userName: user.userName,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      status: user.status,
      createdAt: user.createdAt.toISOString(),
    },
    history: history.filter((s) => s.id !== row.id),
    duplicates: await duplicateSignals(db, row.userId),
  };
}

/** Other accounts that look like the same person as user `id` (staff). */
export async function duplicateSignalsOf(db: Db, caller: AuthContext, id: number): Promise<DuplicateSignal[]> {
  const user = await loadUserFor(db, caller, id, 'read');
  return duplicateSignals(db, user.id);
}

/**
 * An admin approves or rejects a pending submission: the decision, its audit record and the
 * user's notice commit together. Throws NOT_FOUND, KYC_DECIDED.
 */
export async function decideKycAsStaff(
  db: Db,
  actor: AuditActor & { userId: number },
  id: number,
  decision: { status: 'approved' | 'rejected'; reason?: string },
  now: Date,
): Promise<KycDecision> {
  const { status } = decision;
  const reason = status === 'rejected' ? decision.reason : undefined;
  const after = await db.transaction(async (tx) => {
    const d = await decideKyc(tx, id, { status, reason, reviewerId: actor.userId }, now);
    await recordAudit(tx, actor, {
      action: status === 'approved' ? 'kyc.approve' : 'kyc.reject',
      targetType: 'kyc_submission',
      targetId: d.after.id,
      before: { status: d.before.status, userId: d.before.userId },
      after: { status: d.after.status, userId: d.after.userId, reason: d.after.rejectionReason },
    });
    await notifyUser(tx, {
      userId: d.after.userId,
      kind: 'kyc',
      notice: status === 'approved' ? noticeOf('kyc.approved', {}) : noticeOf('kyc.rejected', { reason: reason! }),
    });
    return d.after;
  });
  return {
    message: status === 'approved' ? KycMsg.approved : KycMsg.rejected,
    submission: toSubmission(after, actor.userName),
  };
}
