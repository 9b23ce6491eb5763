import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema';
import { AppError } from '../../lib/errors';

export interface Posting {
  accountId: number;
  /** Signed cents: + into the account, − out of it. */
  amount: bigint;
}

export interface Entry {
  idempotencyKey: string;
  kind: string;
  description?: string;
  createdBy?: number | null;
  postings: Posting[];
}

export type PostResult = { entryId: number; replayed: false } | { entryId: number; replayed: true };

export const insufficientFunds = () => new AppError(422, 'INSUFFICIENT_FUNDS', 'Insufficient balance for this operation');

/**
 * The only way money moves. Call it inside the transaction that also changes the business
 * row, so both happen or neither. A key seen before returns the first entry and moves
 * nothing. User balances are changed with a guarded update, so a balance can never go
 * negative whatever runs concurrently: the guard failing throws INSUFFICIENT_FUNDS (422)
 * and the caller's transaction rolls back. The database itself refuses an unbalanced entry.
 */
export async function post(tx: DbOrTx, entry: Entry): Promise<PostResult> {
  const sum = entry.postings.reduce((s, p) => s + p.amount, 0n);
  if (sum !== 0n || entry.postings.length < 2 || entry.postings.some((p) => p.amount === 0n)) {
    throw new Error(`entry ${entry.idempotencyKey} is not a balanced set of non-zero postings`);
  }
  const [created] = await tx
    .insert(journalEntries)
    .values({ idempotencyKey: entry.idempotencyKey, kind: entry.kind, description: entry.description ?? '', createdBy: entry.createdBy ?? null })
    .onConflictDoNothing({ target: journalEntries.idempotencyKey })
    .returning({ id: journalEntries.id });
  if (!created) {
    const [existing] = await tx.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.idempotencyKey, entry.idempotencyKey));
    return { entryId: existing!.id, replayed: true };
  }
  await tx.insert(postings).values(entry.postings.map((p) => ({ entryId: created.id, accountId: p.accountId, amount: p.amount })));

  // Net change per account, applied in id order so concurrent entries lock rows in one order (no deadlocks).
  const net = new Map<number, bigint>();
  for (const p of entry.postings) net.set(p.accountId, (net.get(p.accountId) ?? 0n) + p.amount);
  const ids = [...net.keys()].sort((a, b) => a - b);
  // Only user accounts carry a cached balance; platform accounts are summed when asked.
  const accounts = await tx.select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId }).from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
  const owned = new Set(accounts.filter((a) => a.userId !== null).map((a) => a.id));
  for (const id of ids) {
    const delta = net.get(id)!;
    if (delta === 0n || !owned.has(id)) continue;
    const updated = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
      .where(sql`${ledgerAccounts.id} = ${id} and ${ledgerAccounts.balance} + ${delta} >= 0`)
      .returning({ id: ledgerAccounts.id });
    if (updated.length === 0) throw insufficientFunds();
  }
  return { entryId: created.id, replayed: false };
}
