import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { creditManualDeposit } from '../modules/deposits/manual';
import { createSession } from '../modules/sessions/service';
import { insertUser } from './app';

/** A user who can really log in with `password`. */
export async function insertLoginUser(
  database: Database,
  password: string,
  fields: Partial<typeof users.$inferInsert> = {},
) {
  const id = await insertUser(database, { passwordHash: await hashPassword(password), ...fields });
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** The LoginToken cookie value from a response, if one was set. */
export function sessionCookieOf(res: { cookies: { name: string; value: string }[] }): string | undefined {
  return res.cookies.find((c) => c.name === 'LoginToken')?.value;
}

/** A signed-in user with `cents` available (credited through a manual deposit by `adminId`). */
export async function fundedUser(
  database: Database,
  adminId: number,
  cents: bigint,
  fields: Partial<typeof users.$inferInsert> = {},
) {
  const userId = await insertUser(database, fields);
  if (cents > 0n)
    await creditManualDeposit(database.db, {
      adminId,
      userId,
      amount: cents,
      currency: 'BTC',
      notes: '',
      now: new Date(),
    });
  const { token } = await createSession(database.db, { userId, ttlMs: 3_600_000, now: new Date() });
  return { userId, cookies: { LoginToken: token } };
}
