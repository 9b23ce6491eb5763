import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { investments } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { userAccount } from '../ledger/accounts';
import { post } from '../ledger/service';
import { fromCents } from '../../../contract/money';
import { InvestMsg } from '../../../contract/investments';
import { recordAudit, type AuditActor } from '../audit/service';
import { recordTransaction } from '../transactions/service';
import { holdOffAccrual } from './accrual';

/**
 * Admin cancel: the principal (with what it compounded) goes back to available, whatever the plan says of
 * capital; payouts already made stay paid.
 * Throws NOT_FOUND, 409 NOT_RUNNING (ended, cancelled, or cancelled concurrently).
 */
export async function cancelInvestment(db: Db, id: number, actor: AuditActor, now: Date) {
  const adminId = actor.userId;
  return db.transaction(async (tx) => {
    await holdOffAccrual(tx);
    const [inv] = await tx
      .update(investments)
      .set({ status: 'cancelled', endedAt: now, nextPayoutAt: null })
      .where(and(eq(investments.id, id), eq(investments.status, 'running')))
      .returning();
    if (!inv) {
      const [exists] = await tx.select({ status: investments.status }).from(investments).where(eq(investments.id, id));
      if (!exists) throw notFound('Investment not found');
      throw new AppError('NOT_RUNNING', InvestMsg.alreadyOver(exists.status));
    }
    const principal = inv.principal + inv.compounded;
    const entry = await post(tx, {
      idempotencyKey: `cancel:${inv.id}`,
      kind: 'investment_cancel',
      description: 'Investment cancelled: principal returned',
      createdBy: adminId,
      postings: [
        { accountId: await userAccount(tx, inv.userId, 'invested'), amount: -principal },
        { accountId: await userAccount(tx, inv.userId, 'available'), amount: principal },
      ],
    });
    await recordTransaction(tx, {
      userId: inv.userId,
      type: 'principal_release',
      amount: principal,
      status: 'completed',
      paymentMethod: 'Balance',
      description: 'Investment cancelled: principal returned',
      journalEntryId: entry.entryId,
      createdBy: adminId,
      now,
    });
    const facts = { investmentId: inv.id, userId: inv.userId, planId: inv.planId, principal: fromCents(principal) };
    await recordAudit(tx, actor, {
      action: 'investment.cancel',
      targetType: 'investment',
      targetId: inv.id,
      before: { ...facts, status: 'running' },
      after: { ...facts, status: inv.status, endedAt: inv.endedAt },
    });
    return inv;
  });
}
