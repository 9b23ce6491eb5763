import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { idNumber, rowsOf } from '../../db/rows';
import { journalEntries } from '../../db/schema';
import { pgErrorCode } from '../../lib/pg-errors';
import { AppError } from '../../lib/errors';
import { entrySql, type Entry } from './entries';

export type { Entry, Posting } from './entries';

export type PostResult = { entryId: number; replayed: false } | { entryId: number; replayed: true };

const entryRow = z.object({ id: idNumber });

export const insufficientFunds = () => new AppError('INSUFFICIENT_FUNDS', 'Insufficient balance for this operation');

/**
 * The only way money moves. Call it inside the transaction that also changes the business
 * row, so both happen or neither. A key seen before returns the first entry and moves
 * nothing. A user balance can never go negative whatever runs concurrently: the row is
 * locked before the update and its CHECK constraint refuses a negative result, which throws
 * INSUFFICIENT_FUNDS (422) and rolls the caller's transaction back. The database itself
 * also refuses an unbalanced entry.
 */
export async function post(tx: DbOrTx, entry: Entry): Promise<PostResult> {
  const [created] = await mapInsufficientFunds(() =>
    rowsOf(
      tx,
      entryRow,
      sql`with ${entrySql(entry)} select id from e where (select count(*) from p) = ${entry.postings.length}`,
    ),
  );
  if (!created) {
    const [existing] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, entry.idempotencyKey));
    return { entryId: existing!.id, replayed: true };
  }
  return { entryId: created.id, replayed: false };
}

/** Runs a statement that writes an entry, turning a user balance's CHECK violation into INSUFFICIENT_FUNDS (422). */
export async function mapInsufficientFunds<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgErrorCode(err) === '23514') throw insufficientFunds();
    throw err;
  }
}
