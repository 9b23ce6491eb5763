import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deposits, transactions, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { platformAccount, userAccount } from '../ledger/accounts';
import { post } from '../ledger/service';
import { fromCents } from '../../../contract/money';
import { recordAudit, type AuditActor } from '../audit/service';
import { recordTransaction } from '../transactions/service';
import { notifyUser } from '../notifications/notify';
import { noticeOf } from '../notifications/messages';
import type { ClientInfo } from '../../lib/client-info';
import { recordActivity } from '../activity/service';

/** A staff credit goes only to an existing, not deleted user: NOT_FOUND otherwise. */
async function assertLiveUser(db: Db, userId: number): Promise<void> {
  const [user] = await db.select({ id: users.id, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) throw notFound('User not found');
}

export interface ManualDeposit {
  adminId: number;
  /** The staff member, for the audit log (a staff credit through the API always has one). */
  actor?: AuditActor;
  userId: number;
  amount: bigint;
  currency: string;
  notes: string;
  idempotencyKey?: string;
  now: Date;
  /** The staff member's client: their activity row commits with the credit (not on a replay). */
  client?: ClientInfo;
}

/**
 * Credits a user at once (external_deposits -> available) and records a completed
 * `manual_deposit` naming the admin. The same idempotency key never credits twice: the
 * first transaction is returned instead. Throws NOT_FOUND for an unknown or deleted user.
 */
export async function creditManualDeposit(
  db: Db,
  d: ManualDeposit,
): Promise<{ transaction: typeof transactions.$inferSelect; replayed: boolean }> {
  await assertLiveUser(db, d.userId);
  return db.transaction(async (tx) => {
    const result = await post(tx, {
      idempotencyKey: `manual-deposit:${d.idempotencyKey ?? randomUUID()}`,
      kind: 'manual_deposit',
      description: d.notes,
      createdBy: d.adminId,
      postings: [
        { accountId: await platformAccount(tx, 'external_deposits'), amount: -d.amount },
        { accountId: await userAccount(tx, d.userId, 'available'), amount: d.amount },
      ],
    });
    if (result.replayed) {
      const [first] = await tx.select().from(transactions).where(eq(transactions.journalEntryId, result.entryId));
      return { transaction: first!, replayed: true };
    }
    const transaction = await recordTransaction(tx, {
      userId: d.userId,
      type: 'manual_deposit',
      amount: d.amount,
      status: 'completed',
      paymentMethod: d.currency,
      description: d.notes || `Manual deposit (${d.currency})`,
      journalEntryId: result.entryId,
      createdBy: d.adminId,
      now: d.now,
    });
    // Every deposit is on the deposit lists and in their figures: a manual one is settled from the start.
    await tx.insert(deposits).values({
      userId: d.userId,
      transactionId: transaction.id,
      amount: d.amount,
      currency: d.currency,
      status: 'settled',
      journalEntryId: result.entryId,
      decidedBy: d.adminId,
      notes: d.notes,
      createdAt: d.now,
      updatedAt: d.now,
    });
    if (d.actor) {
      await recordAudit(tx, d.actor, {
        action: 'deposit.manual',
        targetType: 'transaction',
        targetId: transaction.id,
        after: {
          userId: d.userId,
          amount: fromCents(d.amount),
          currency: d.currency,
          notes: d.notes,
          referenceNumber: transaction.referenceNumber,
          status: transaction.status,
        },
      });
    }
    if (d.client) {
      await recordActivity(tx, {
        userId: d.adminId,
        action: `Manual deposit ${transaction.referenceNumber} to user ${transaction.userId}`,
        client: d.client,
      });
    }
    await notifyUser(tx, {
      userId: d.userId,
      notice: noticeOf('deposit.settled', { amount: d.amount, currency: d.currency }),
      kind: 'deposit',
    });
    return { transaction, replayed: false };
  });
}

/**
 * A manual deposit at or above the four-eyes threshold: recorded as a pending deposit naming the staff
 * member who asked for it, credited only when a different staff member approves it (decideDeposit
 * refuses the requester). The same idempotency key records it once.
 */
export async function requestManualDeposit(
  db: Db,
  d: ManualDeposit & { actor: AuditActor },
): Promise<{ transaction: typeof transactions.$inferSelect; replayed: boolean }> {
  await assertLiveUser(db, d.userId);
  const key = d.idempotencyKey ? `manual-deposit:${d.idempotencyKey}` : null;
  return db.transaction(async (tx) => {
    if (key) {
      const [first] = await tx
        .select({ t: transactions })
        .from(deposits)
        .innerJoin(transactions, eq(transactions.id, deposits.transactionId))
        .where(eq(deposits.idempotencyKey, key));
      if (first) return { transaction: first.t, replayed: true };
    }
    const transaction = await recordTransaction(tx, {
      userId: d.userId,
      type: 'manual_deposit',
      amount: d.amount,
      status: 'pending',
      paymentMethod: d.currency,
      description: d.notes || `Manual deposit (${d.currency})`,
      createdBy: d.adminId,
      now: d.now,
    });
    const [deposit] = await tx
      .insert(deposits)
      .values({
        userId: d.userId,
        transactionId: transaction.id,
        amount: d.amount,
        currency: d.currency,
        status: 'pending',
        requestedBy: d.adminId,
        notes: d.notes,
        idempotencyKey: key,
        createdAt: d.now,
        updatedAt: d.now,
      })
      .returning();
    await recordAudit(tx, d.actor, {
      action: 'deposit.manual_requested',
      targetType: 'deposit',
      targetId: deposit!.id,
      after: {
        depositId: deposit!.id,
        userId: d.userId,
        amount: fromCents(d.amount),
        currency: d.currency,
        notes: d.notes,
        status: 'pending',
        rule: 'four-eyes-threshold',
      },
    });
    if (d.client)
      await recordActivity(tx, {
        userId: d.adminId,
        action: `Manual deposit ${transaction.referenceNumber} to user ${d.userId}, waiting for a second approval`,
        client: d.client,
      });
    return { transaction, replayed: false };
  });
}
