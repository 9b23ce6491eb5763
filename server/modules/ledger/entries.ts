import { sql, type SQL } from 'drizzle-orm';

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

/** Each column of new journal entries as SQL: a bound value, or an expression over the rows of `from`. */
export interface EntryRowsSql {
  /** Only when the ids were drawn from the sequence up front, so postings can name them without a join back. */
  id?: SQL;
  idempotencyKey: SQL;
  kind: SQL;
  description: SQL;
  /** Default none. */
  createdBy?: SQL;
  /** Default the transaction's start. */
  createdAt?: SQL;
}

const none = sql``;

/** The one insert of journal entries, for the single and the set-based writers alike. */
function insertEntriesSql(row: EntryRowsSql, from?: SQL): SQL {
  const id = row.id
    ? { column: sql`id, `, value: sql`${row.id}, `, override: sql` overriding system value` }
    : { column: none, value: none, override: none };
  return sql`insert into journal_entries (${id.column}idempotency_key, kind, description, created_by, created_at)${id.override}
      select ${id.value}${row.idempotencyKey}, ${row.kind}, ${row.description}, ${row.createdBy ?? sql`null`}, ${row.createdAt ?? sql`now()`}${from ? sql` from ${from}` : none}`;
}

/** The one insert of postings: `rows` is a relation of (entry_id, account_id, amount). */
const insertPostingsSql = (rows: SQL): SQL => sql`insert into postings (entry_id, account_id, amount) ${rows}`;

/**
 * The CTEs that write one entry, for `post` and for a service that writes its own rows in the
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
  return entryCtes(
    {
      idempotencyKey: sql`${entry.idempotencyKey}`,
      kind: sql`${entry.kind}`,
      description: sql`${entry.description ?? ''}`,
      createdBy: sql`${entry.createdBy ?? null}::bigint`,
    },
    sql`values ${sql.join(rows, sql`, `)}`,
    deltas,
  );
}

/**
 * `entrySql` for a transfer of `amount` (> 0) from one account to another, every part an SQL
 * value, so a prepared statement can bind them per call (invest's one statement). Balanced by
 * its shape; the database's entry trigger checks it again.
 */
export function transferSql(t: { entry: EntryRowsSql; from: SQL; to: SQL; amount: SQL }): SQL {
  const moves = sql`values (${t.from}::bigint, -${t.amount}::bigint), (${t.to}::bigint, ${t.amount}::bigint)`;
  return entryCtes(t.entry, moves, moves);
}

/** The CTEs of one entry: `postings` and `deltas` are relations of (account_id, amount). */
function entryCtes(entry: EntryRowsSql, postings: SQL, deltas: SQL): SQL {
  return sql`e as (
      ${insertEntriesSql(entry)}
      on conflict (idempotency_key) do nothing
      returning id
    ), p as (
      ${insertPostingsSql(sql`select e.id, v.account_id, v.amount from e cross join (${postings}) as v(account_id, amount)`)}
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

/**
 * The CTEs that write many entries in one statement, for the set-based jobs: `entries` names the
 * new entries' columns over the rows of `entries.from`, their ids drawn from the identity
 * sequence up front; `postings` is a relation of (entry_id, account_id, amount) naming those
 * ids. Nothing is skipped on conflict: a key already taken is a broken invariant of the caller
 * and aborts the statement. User accounts' cached balances move by the sum of their postings;
 * `accounts` narrows the accounts `a` the update may touch (e.g. a batch's user range, so that
 * range's index serves it). The CTEs are named `ledger_*`.
 */
export function entriesSql(w: {
  entries: EntryRowsSql & { id: SQL; from: SQL };
  postings: SQL;
  accounts?: SQL;
  /** False: the caller moves them afterwards with `entryBalancesSql`, in the same transaction. */
  balances?: boolean;
}): SQL {
  const balances =
    w.balances === false
      ? none
      : sql`, ledger_balances as (
      update ledger_accounts a set balance = a.balance + s.delta
      from (select account_id, sum(amount) as delta from ledger_postings group by account_id) s
      where a.id = s.account_id and a.user_id is not null${w.accounts ? sql` and ${w.accounts}` : none}
    )`;
  return sql`ledger_entries as (
      ${insertEntriesSql(w.entries, w.entries.from)}
    ), ledger_postings(entry_id, account_id, amount) as materialized (${w.postings}
    ), ledger_posted as (
      ${insertPostingsSql(sql`select entry_id, account_id, amount from ledger_postings`)}
    )${balances}`;
}

/**
 * Moves the user accounts' cached balances by the postings of entry `entryId`, written with
 * `entriesSql({ balances: false })` earlier in the same transaction. A statement of its own so a
 * long set-based writer can run it last: the users' account rows are then locked (in id order, as
 * `entrySql` locks them, so no deadlock with a user's own entry) from here to commit only, not
 * while its big statement and its constraint checks run. The accounts are found by `= any(array(…))`,
 * which the primary key always serves: as `in (select …)` a planner without statistics (PGlite never
 * gathers any) hash-joined the whole accounts table on every accrual batch (measured: 8 ms of a
 * 10 ms batch at 6,000 accounts, and growing with them).
 */
export const entryBalancesSql = (entryId: number): SQL => sql`
    with s as (select account_id, sum(amount) as delta from postings where entry_id = ${entryId} group by account_id),
    locked as (
      select a.id from ledger_accounts a
      where a.id = any(array(select account_id from s)) and a.user_id is not null
      order by a.id for update
    )
    update ledger_accounts a set balance = a.balance + s.delta
    from s where a.id = s.account_id and a.id = any(array(select id from locked))`;
