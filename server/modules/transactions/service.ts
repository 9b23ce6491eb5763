import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import type { transactions } from '../../db/schema';
import { insertTransactionsSql } from './insert';

export type TransactionType = (typeof transactions.$inferInsert)['type'];
export type TransactionStatus = (typeof transactions.$inferInsert)['status'];
export type TransactionRow = typeof transactions.$inferSelect;

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
  /** A reference drawn beforehand with `newReference` (e.g. already sent to a payment processor). */
  referenceNumber?: string;
  now: Date;
}

/** Records the user-facing transaction of a money event; call it in the same database transaction as `ledger.post`. */
export async function recordTransaction(tx: DbOrTx, t: NewTransaction): Promise<TransactionRow> {
  const row: Omit<TransactionRow, 'id' | 'referenceNumber'> = {
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
  };
  const at = t.now.toISOString();
  // A reference collision (60 random bits) is astronomically rare; ON CONFLICT keeps the
  // surrounding transaction alive so a fresh reference can be tried.
  for (let attempt = 0; attempt < 5; attempt++) {
    const insert = insertTransactionsSql({
      referenceNumber: attempt === 0 && t.referenceNumber ? sql`${t.referenceNumber}` : undefined,
      userId: sql`${row.userId}::bigint`,
      type: sql`${row.type}`,
      amount: sql`${row.amount}::bigint`,
      currency: sql`${row.currency}`,
      status: sql`${row.status}`,
      paymentMethod: sql`${row.paymentMethod}`,
      description: sql`${row.description}`,
      journalEntryId: sql`${row.journalEntryId}::bigint`,
      createdBy: sql`${row.createdBy}::bigint`,
      createdAt: sql`${at}::timestamptz`,
      updatedAt: sql`${at}::timestamptz`,
    });
    const [created] = await queryRows<{ id: string; reference_number: string }>(
      tx,
      sql`${insert} on conflict (reference_number) do nothing returning id, reference_number`,
    );
    if (created) return { id: Number(created.id), referenceNumber: created.reference_number, ...row };
  }
  throw new Error('could not allocate a unique reference number');
}
