import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  UsersMsg,
  type ManagedUser,
  type ManagedUserPage,
  type UserStatusUpdate,
  type UserSummary,
  type zAdminUserCreate,
} from '../../../contract/users';
import type { Page, PageQuery } from '../../../contract/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  deposits,
  deviceSessions,
  investments,
  journalEntries,
  ledgerAccounts,
  postings,
  referralBonuses,
  transactions,
  users,
  withdrawals,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { countWhere, paged } from '../../lib/paging';
import { hashPassword } from '../../lib/passwords';
import { pgErrorCode } from '../../lib/pg-errors';
import { takenOr } from './register';
import { recordAudit, type AuditActor } from '../audit/service';
import { noticeOf } from '../notifications/messages';
import { notifyUser } from '../notifications/notify';
import { toProfile } from './profile';

const anyRow = z.object({ any: z.boolean() });

type UserRow = typeof users.$inferSelect;
type AdminUserCreate = z.output<typeof zAdminUserCreate>;

const toManaged = (u: UserRow): ManagedUser => ({
  id: u.id,
  userName: u.userName,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
  role: u.role,
  status: u.status,
  isEmailVerified: u.isEmailVerified,
  twoFactorEnabled: u.twoFactorEnabled,
  createdAt: u.createdAt.toISOString(),
});

/** What an audit row keeps of a user: the profile without anything secret. */
const auditView = (u: UserRow) => {
  const { Account: _wallets, bank: _bank, ...rest } = toProfile(u);
  return { ...rest, deletedAt: u.deletedAt ? u.deletedAt.toISOString() : null };
};

const toSummary = (u: UserRow): UserSummary => ({
  id: u.id,
  userName: u.userName,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  role: u.role,
  status: u.status,
  createdAt: u.createdAt.toISOString(),
});

/** Users not deleted, matching `search` (a substring of user name, email, first or last name; `%` and `_` literal). */
function usersMatching(search: string | undefined): SQL | undefined {
  const term = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    isNull(users.deletedAt),
    term
      ? or(
          ilike(users.userName, term),
          ilike(users.email, term),
          ilike(users.firstName, term),
          ilike(users.lastName, term),
        )
      : undefined,
  );
}

/** One page of the users `search` matches, oldest first, each shaped by `view`. */
function pageOfUsers<T>(db: Db, q: PageQuery & { search?: string }, view: (u: UserRow) => T): Promise<Page<T>> {
  const where = usersMatching(q.search);
  return paged(
    q,
    () => countWhere(db, users, where),
    async (limit, offset) =>
      (await db.select().from(users).where(where).orderBy(asc(users.id)).limit(limit).offset(offset)).map(view),
  );
}

/** The Manage users table: users not deleted, searched on user name, email, first and last name. */
export async function listManagedUsers(db: Db, q: PageQuery & { search?: string }): Promise<ManagedUserPage> {
  const page = await pageOfUsers(db, q, toManaged);
  return { ...page, totalRecords: page.totalItems };
}

/** Staff lists and selects (GET /users): the same users and search as the Manage users table, fewer fields. */
export function listUserSummaries(db: Db, q: PageQuery & { search?: string }): Promise<Page<UserSummary>> {
  return pageOfUsers(db, q, toSummary);
}

/**
 * The admin user form: the account starts active with a verified email (an admin vouches
 * for it), password hashed with argon2id. Throws CONFLICT 409 (USERNAME_TAKEN, EMAIL_TAKEN).
 */
export async function createUserByAdmin(db: Db, actor: AuditActor, input: AdminUserCreate): Promise<ManagedUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          userName: input.userName,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          dateOfBirth: input.dateOfBirth,
          address: input.address,
          city: input.city,
          state: input.state,
          country: input.country,
          zipcode: input.zipcode,
          btcWalletAddress: input.btcWallet,
          ethWalletAddress: input.ethWallet,
          role: input.role,
          passwordHash,
          status: 'active',
          isEmailVerified: true,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'user.create',
        targetType: 'user',
        targetId: row!.id,
        after: auditView(row!),
      });
      return toManaged(row!);
    });
  } catch (err) {
    throw takenOr(err);
  }
}

/** Locks the user row for the rest of the transaction; 404 when unknown or already deleted. */
async function lockUser(tx: DbOrTx, id: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row || row.deletedAt) throw notFound('User not found');
  return row;
}

/**
 * Active ↔ suspended from the status cell. Suspending ends every session at once; an admin
 * cannot suspend themself. Throws NOT_FOUND, SELF_LOCKOUT (422).
 */
export async function setUserStatus(
  db: Db,
  actor: AuditActor,
  id: number,
  patch: UserStatusUpdate,
): Promise<ManagedUser> {
  if (actor.userId === id && patch.status !== 'active') throw new AppError('SELF_LOCKOUT', UsersMsg.selfSuspend);
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    if (patch.status === 'suspended') await tx.delete(deviceSessions).where(eq(deviceSessions.userId, id));
    const [after] = await tx
      .update(users)
      .set({ status: patch.status, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'user.status',
      targetType: 'user',
      targetId: id,
      before: { status: before.status },
      after: { status: after!.status },
    });
    if (before.status !== after!.status) {
      const notice = noticeOf(patch.status === 'suspended' ? 'account.suspended' : 'account.active', {});
      await notifyUser(tx, { userId: id, notice, kind: 'security', senderId: actor.userId });
    }
    return toManaged(after!);
  });
}

/**
 * Whether any money ever touched the user: postings, transactions, deposits, withdrawals, investments, bonuses,
 * or entries they made.
 */
async function hasLedgerHistory(tx: DbOrTx, id: number): Promise<boolean> {
  const exists = (q: SQL) => sql`exists (${q})`;
  const checks = [
    exists(
      sql`select 1 from ${postings} join ${ledgerAccounts} on ${ledgerAccounts.id} = ${postings.accountId} where ${ledgerAccounts.userId} = ${id}`,
    ),
    exists(
      sql`select 1 from ${ledgerAccounts} where ${ledgerAccounts.userId} = ${id} and ${ledgerAccounts.balance} <> 0`,
    ),
    exists(
      sql`select 1 from ${transactions} where ${transactions.userId} = ${id} or ${transactions.createdBy} = ${id}`,
    ),
    exists(sql`select 1 from ${deposits} where ${deposits.userId} = ${id}`),
    exists(sql`select 1 from ${withdrawals} where ${withdrawals.userId} = ${id}`),
    exists(sql`select 1 from ${investments} where ${investments.userId} = ${id}`),
    exists(
      sql`select 1 from ${referralBonuses} where ${referralBonuses.referrerId} = ${id} or ${referralBonuses.refereeId} = ${id}`,
    ),
    exists(sql`select 1 from ${journalEntries} where ${journalEntries.createdBy} = ${id}`),
  ];
  const [row] = await rowsOf(tx, anyRow, sql`select (${sql.join(checks, sql` or `)}) as "any"`);
  return row?.any === true;
}

/**
 * Deletes a user (DESIGN.md §6b). With any ledger history the row stays for the books: it is
 * soft-deleted (deletedAt set, suspended, sessions ended, hidden from lists). Without history
 * it is removed. An admin cannot delete themself. Throws NOT_FOUND, SELF_DELETE (422).
 */
export async function deleteUser(db: Db, actor: AuditActor, id: number, now: Date): Promise<{ soft: boolean }> {
  if (actor.userId === id) throw new AppError('SELF_DELETE', UsersMsg.selfDelete);
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    let soft = await hasLedgerHistory(tx, id);
    if (!soft) {
      try {
        // A savepoint: a row some other table still points to (restrict) turns this into a soft delete.
        await tx.transaction(async (sp) => {
          await sp.delete(ledgerAccounts).where(eq(ledgerAccounts.userId, id));
          await sp.delete(users).where(eq(users.id, id));
        });
      } catch (err) {
        if (pgErrorCode(err) !== '23503') throw err;
        soft = true;
      }
    }
    if (soft) {
      await tx.delete(deviceSessions).where(eq(deviceSessions.userId, id));
      await tx.update(users).set({ deletedAt: now, status: 'suspended', updatedAt: now }).where(eq(users.id, id));
    }
    await recordAudit(tx, actor, {
      action: soft ? 'user.soft_delete' : 'user.delete',
      targetType: 'user',
      targetId: id,
      before: auditView(before),
      after: soft ? { deletedAt: now.toISOString(), status: 'suspended' } : null,
    });
    return { soft };
  });
}
