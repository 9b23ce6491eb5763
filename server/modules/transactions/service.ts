import type { DbOrTx } from '../../db/client';
import { transactions } from '../../db/schema';
import { newReferenceNumber } from './reference';

export type TransactionType = (typeof transactions.$inferInsert)['type'];
export type TransactionStatus = (typeof transactions.$inferInsert)['status'];

export interface NewTransaction {
  userId: number;
  type: TransactionType;
  amount: bigint;
  currency?: string;
  status: TransactionStatus;
  paymentMethod?: string | null;
  description?: string;
  journalEntryId?: number | null;
  createdBy?: number | null;
  /** A reference chosen beforehand (e.g. already sent to a payment processor). */
  referenceNumber?: string;
  now: Date;
}

/** Records the user-facing transaction of a money event; call it in the same database transaction as `ledger.post`. */
export async function recordTransaction(tx: DbOrTx, t: NewTransaction): Promise<typeof transactions.$inferSelect> {
  // A reference collision (60 random bits) is astronomically rare; ON CONFLICT keeps the
  // surrounding transaction alive so a fresh reference can be tried.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(transactions)
      .values({
        referenceNumber: attempt === 0 && t.referenceNumber ? t.referenceNumber : newReferenceNumber(),
        userId: t.userId,
        type: t.type,
        amount: t.amount,
        currency: t.currency ?? 'USD',
        status: t.status,
        paymentMethod: t.paymentMethod ?? null,
        description: t.description ?? '',
        journalEntryId: t.journalEntryId ?? null,
        createdBy: t.createdBy ?? null,
        createdAt: t.now,
        updatedAt: t.now,
      })
      .onConflictDoNothing({ target: transactions.referenceNumber })
      .returning();
    if (row) return row;
  }
  throw new Error('could not allocate a unique reference number');
}
