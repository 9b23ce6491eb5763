import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Role } from '../../lib/auth-context';

const factorRow = z.object({ has: z.boolean() });

/** True when the user has TOTP on or holds a passkey: one indexed read. */
export async function hasSecondFactor(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await rowsOf(
    db,
    factorRow,
    sql`select (u.two_factor_enabled or exists (select 1 from passkeys p where p.user_id = u.id)) as has
        from users u where u.id = ${userId}`,
  );
  return row?.has ?? false;
}

/**
 * The site setting `requireStaffSecondFactor`: while it is on, a staff member with neither a
 * passkey nor TOTP is sent to Security Settings, and the admin area's API refuses them
 * (SECOND_FACTOR_REQUIRED), until they add one. Investors are never concerned.
 */
export async function missesStaffSecondFactor(
  db: DbOrTx,
  ruleOn: boolean,
  user: { id: number; role: Role; twoFactorEnabled?: boolean },
): Promise<boolean> {
  if (!ruleOn || user.role === 'user' || user.twoFactorEnabled) return false;
  return !(await hasSecondFactor(db, user.id));
}
