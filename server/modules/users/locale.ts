import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../contract/locales';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** The language a person chose; null until they choose (or registered from a page in one). */
export async function userLocale(db: Db, userId: number): Promise<Locale | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return isLocale(row?.locale) ? row.locale : null;
}

export async function setUserLocale(db: Db, userId: number, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}
