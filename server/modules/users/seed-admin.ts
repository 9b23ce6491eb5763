import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

export interface AdminSeed {
  userName: string;
  email: string;
  /** From ADMIN_PASSWORD; when absent one is generated, printed once, and must be changed at first login. */
  password: string | undefined;
}

/**
 * On a database with no admin yet, creates one (active, verified). Returns the generated
 * password when one was made, so the caller can print it once; null when nothing was done.
 */
export async function ensureAdmin(
  db: Db,
  seed: AdminSeed,
): Promise<{ created: boolean; generatedPassword: string | null }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing) return { created: false, generatedPassword: null };
  const generated = seed.password ? null : randomBytes(12).toString('base64url');
  await db
    .insert(users)
    .values({
      userName: seed.userName,
      email: seed.email,
      firstName: 'Site',
      lastName: 'Admin',
      passwordHash: await hashPassword(seed.password ?? generated!),
      role: 'admin',
      status: 'active',
      isEmailVerified: true,
      mustChangePassword: generated !== null,
    })
    .onConflictDoNothing();
  return { created: true, generatedPassword: generated };
}
