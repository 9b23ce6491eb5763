import { eq, sql, type SQL } from 'drizzle-orm';
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
    queryRows<{ id: string }>(
      tx,
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
  return { entryId: Number(created.id), replayed: false };
}

/**
 * The CTEs that write an entry, for `post` and for a service that writes its own rows in the
 * same statement (one round trip): `e` yields the new entry's id, or no row when the key was
 * seen before (then nothing is written and no balance moves); `p` yields one row per posting.
 * Only user accounts carry a cached balance (`user_id is not null`); their rows are locked in
 * id order before the update, so concurrent entries never deadlock, and each one's CHECK
 * (balance >= 0) refuses a result below zero. Run the statement inside `mapInsufficientFunds`.
 */
export function entrySql(entry: Entry): SQL {
  const sum = entry.postings.reduce((s, p) => s + p.amount, 0n);
  if (sum !== 0n || entry.postings.length < 2 || entry.postings.some((p) => p.amount === 0n)) {
    throw new Error(`entry ${entry.idempotencyKey} is not a balanced set of non-zero postings`);
  }
  const net = new Map<number, bigint>();
  for (const p of entry.postings) net.set(p.accountId, (net.get(p.accountId) ?? 0n) + p.amount);
  const moved = [...net.entries()].filter(([, delta]) => delta !== 0n).sort(([x], [y]) => x - y);
  const rows = entry.postings.map((p) => sql`(${p.accountId}::bigint, ${p.amount}::bigint)`);
  const deltas = moved.length
    ? sql`values ${sql.join(
        moved.map(([id, delta]) => sql`(${id}::bigint, ${delta}::bigint)`),
        sql`, `,
      )}`
    : sql`select null::bigint, null::bigint where false`;
  return sql`e as (
      insert into journal_entries (idempotency_key, kind, description, created_by)
      values (${entry.idempotencyKey}, ${entry.kind}, ${entry.description ?? ''}, ${entry.createdBy ?? null})
      on conflict (idempotency_key) do nothing
      returning id
    ), p as (
      insert into postings (entry_id, account_id, amount)
      select e.id, v.account_id, v.amount from e cross join (values ${sql.join(rows, sql`, `)}) as v(account_id, amount)
      returning entry_id
    ), n(account_id, delta) as (${deltas}
    ), locked as (
      select a.id from ledger_accounts a
      where a.id in (select account_id from n) and a.user_id is not null and exists (select 1 from e)
      order by a.id for update
    ), b as (
      update ledger_accounts a set balance = a.balance + n.delta
      from n where a.id = n.account_id and a.id in (select id from locked)
    )`;
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
