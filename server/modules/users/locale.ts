import { eq } from 'drizzle-orm';
import type { Locale } from '../../../contract/locales';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Saves the language a person chose: their notifications and email follow it. */
export async function setUserLocale(db: Db, userId: number, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}
