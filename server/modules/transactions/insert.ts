import { sql, type SQL } from 'drizzle-orm';
import { newReferenceSql } from './reference';

/** Each column of new transaction rows as SQL: a bound value, or an expression over the rows of `from`. */
export interface TransactionRowsSql {
  /** Only when the ids were drawn from the sequence up front (the accrual names rows before writing them). */
  id?: SQL;
  /** Only for a reference drawn beforehand with `newReference`; else each row gets a fresh one. */
  referenceNumber?: SQL;
  userId: SQL;
  type: SQL;
  amount: SQL;
  /** Default 'USD'. */
  currency?: SQL;
  status: SQL;
  paymentMethod: SQL;
  description: SQL;
  journalEntryId: SQL;
  /** The staff member who made it; default none. */
  createdBy?: SQL;
  createdAt: SQL;
  /** Default `createdAt`. */
  updatedAt?: SQL;
}

/**
 * The one insert of transaction rows, for a single row (`recordTransaction`) and for the
 * set-based writers (invest's one statement, the accrual's batches) alike: `select` of the
 * columns `from` a relation, or of bound values when there is none. Append `on conflict` or
 * `returning` as needed, or use it as a CTE.
 */
export function insertTransactionsSql(row: TransactionRowsSql, from?: SQL): SQL {
  const none = sql``;
  const id = row.id
    ? { column: sql`id, `, value: sql`${row.id}, `, override: sql` overriding system value` }
    : { column: none, value: none, override: none };
  return sql`insert into transactions (${id.column}reference_number, user_id, type, amount, currency, status, payment_method, description, journal_entry_id, created_by, created_at, updated_at)${id.override}
    select ${id.value}${row.referenceNumber ?? newReferenceSql()}, ${row.userId}, ${row.type}, ${row.amount}, ${row.currency ?? sql`'USD'`}, ${row.status}, ${row.paymentMethod}, ${row.description}, ${row.journalEntryId}, ${row.createdBy ?? sql`null`}, ${row.createdAt}, ${row.updatedAt ?? row.createdAt}${from ? sql` from ${from}` : none}`;
}
