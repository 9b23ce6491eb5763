import type { Locale } from '../../contract/locales';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { forbidden, notFound } from './errors';

export type Role = 'user' | 'admin' | 'moderator';

/** Who is calling, as the session lookup found them. */
export interface AuthContext {
  userId: number;
  userName: string;
  role: Role;
  sessionId: number;
  deviceId: string;
  /** A generated first-login password must be replaced before anything else changes. */
  mustChangePassword: boolean;
  /** The language the account chose; null: never chose one. */
  locale: Locale | null;
  /**
   * Staff only: the site requires a passkey or TOTP of staff and this one has neither, so the
   * admin area's routes refuse them (plugins/staff-second-factor.ts sets it).
   */
  secondFactorMissing?: boolean;
}

export type UserRow = typeof users.$inferSelect;

/**
 * The id of the user whose data the caller may read: their own without a query (this request's
 * session lookup found them live: not deleted, not suspended), anyone's for staff once the user
 * is found; 403 otherwise, 404 when unknown or deleted.
 */
export async function readableUserId(db: Db, caller: AuthContext, id: number): Promise<number> {
  if (caller.userId === id) return id;
  if (caller.role === 'user') throw forbidden('You can only access your own account');
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!row) throw notFound('User not found');
  return row.id;
}

/** The user `id` if the caller is that user or staff (reads) / an admin (writes); 403 otherwise, 404 when unknown. */
export async function loadUserFor(db: Db, caller: AuthContext, id: number, mode: 'read' | 'write'): Promise<UserRow> {
  const allowed = caller.userId === id || (mode === 'read' ? caller.role !== 'user' : caller.role === 'admin');
  if (!allowed) throw forbidden('You can only access your own account');
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row || row.deletedAt) throw notFound('User not found');
  return row;
}
