import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { journalEntries } from '../../db/schema';
import { pgErrorCode } from '../../lib/pg-errors';
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
 * nothing. A user balance can never go negative whatever runs concurrently: the row is
 * locked by the update and its CHECK constraint refuses a negative result, which throws
 * INSUFFICIENT_FUNDS (422) and rolls the caller's transaction back. The database itself
 * also refuses an unbalanced entry.
 */
export async function post(tx: DbOrTx, entry: Entry): Promise<PostResult> {
  const sum = entry.postings.reduce((s, p) => s + p.amount, 0n);
  if (sum !== 0n || entry.postings.length < 2 || entry.postings.some((p) => p.amount === 0n)) {
    throw new Error(`entry ${entry.idempotencyKey} is not a balanced set of non-zero postings`);
  }
  // Entry and postings in one statement (one round trip); an idempotency key seen before
  // inserts neither, and the first entry is returned instead.
  const rows = entry.postings.map((p) => sql`(${p.accountId}::bigint, ${p.amount}::bigint)`);
  const [created] = await queryRows<{ id: string }>(
    tx,
    sql`with e as (
          insert into journal_entries (idempotency_key, kind, description, created_by)
          values (${entry.idempotencyKey}, ${entry.kind}, ${entry.description ?? ''}, ${entry.createdBy ?? null})
          on conflict (idempotency_key) do nothing
          returning id
        ), p as (
          insert into postings (entry_id, account_id, amount)
          select e.id, v.account_id, v.amount from e cross join (values ${sql.join(rows, sql`, `)}) as v(account_id, amount)
          returning entry_id
        )
        select id from e where (select count(*) from p) = ${entry.postings.length}`,
  );
  if (!created) {
    const [existing] = await tx.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.idempotencyKey, entry.idempotencyKey));
    return { entryId: existing!.id, replayed: true };
  }
  const entryId = Number(created.id);

  // Net change per account, applied in id order so concurrent entries lock rows in one
  // order (no deadlocks). Only user accounts carry a cached balance (`user_id is not null`);
  // their CHECK (balance >= 0) refuses any update that would take one below zero.
  const net = new Map<number, bigint>();
  for (const p of entry.postings) net.set(p.accountId, (net.get(p.accountId) ?? 0n) + p.amount);
  try {
    for (const id of [...net.keys()].sort((x, y) => x - y)) {
      const delta = net.get(id)!;
      if (delta === 0n) continue;
      await tx.execute(sql`update ledger_accounts set balance = balance + ${delta} where id = ${id} and user_id is not null`);
    }
  } catch (err) {
    if (pgErrorCode(err) === '23514') throw insufficientFunds();
    throw err;
  }
  return { entryId, replayed: false };
}
