import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

const referenceRow = z.object({ reference: z.string() });

/**
 * The one source of reference numbers like `TX-7K4M-9QZP-2HD8`: the database's `new_reference`
 * (Crockford's base32, 60 bits from PostgreSQL's cryptographic random source). It lives in SQL
 * because the accrual writes a hundred thousand rows in one statement, where drawing them in
 * Node first would cost a round trip and a count; a row written alone uses the same expression.
 */
export const newReferenceSql = (): SQL => sql`new_reference('TX')`;

/** A reference drawn before its row exists (a deposit's goes to the payment processor first). */
export async function newReference(db: DbOrTx): Promise<string> {
  const [row] = await rowsOf(db, referenceRow, sql`select ${newReferenceSql()} as reference`);
  return row!.reference;
}

export const REFERENCE_PATTERN = /^[A-Z]{2,3}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
