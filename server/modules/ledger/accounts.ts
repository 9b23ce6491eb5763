import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema';

export type UserAccountKind = 'available' | 'invested' | 'withdrawal_hold';
export type PlatformAccountKind =
  | 'external_deposits'
  | 'external_withdrawals'
  | 'interest_expense'
  | 'referral_expense'
  | 'fees'
  | 'retained_principal';

/** Platform account ids never change once the migration made them, so they are looked up once. */
const platformIds = new WeakMap<object, Map<PlatformAccountKind, number>>();

export async function platformAccount(db: DbOrTx, kind: PlatformAccountKind): Promise<number> {
  const key = (db as { session?: object }).session ?? db;
  let cache = platformIds.get(key);
  if (!cache) platformIds.set(key, (cache = new Map()));
  const known = cache.get(kind);
  if (known) return known;
  // retained_principal came with an enum value no migration can use in the transaction that adds it:
  // it is opened on first use (the unique index keeps it one).
  if (kind === 'retained_principal')
    await db.execute(
      sql`insert into ledger_accounts (user_id, kind) values (null, 'retained_principal') on conflict (kind) where user_id is null do nothing`,
    );
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.kind, kind)));
  if (!row) throw new Error(`platform account ${kind} is missing`);
  cache.set(kind, row.id);
  return row.id;
}

export async function userAccount(db: DbOrTx, userId: number, kind: UserAccountKind): Promise<number> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind)));
  if (!row) throw new Error(`user ${userId} has no ${kind} account`);
  return row.id;
}

/** A user's cached balances in cents. */
export async function userBalances(db: DbOrTx, userId: number): Promise<Record<UserAccountKind, bigint>> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const out: Record<UserAccountKind, bigint> = { available: 0n, invested: 0n, withdrawal_hold: 0n };
  for (const r of rows) out[r.kind as UserAccountKind] = r.balance;
  return out;
}

/** All three of a user's account ids in one query. */
export async function userAccounts(db: DbOrTx, userId: number): Promise<Record<UserAccountKind, number>> {
  const rows = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const out = {} as Record<UserAccountKind, number>;
  for (const r of rows) out[r.kind as UserAccountKind] = r.id;
  if (!out.available || !out.invested || !out.withdrawal_hold)
    throw new Error(`user ${userId} is missing ledger accounts`);
  return out;
}
