import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { assertKey, type FileStorage } from './storage';

/** Files as rows of `stored_files`: nothing more to run, and every instance on the database sees them. */
export function databaseStorage(db: Db): FileStorage {
  return {
    kind: 'database',
    async put(key, bytes, { contentType }) {
      assertKey(key);
      const row = { contentType, size: bytes.length, bytes, createdAt: new Date() };
      await db
        .insert(storedFiles)
        .values({ key, ...row })
        .onConflictDoUpdate({ target: storedFiles.key, set: row });
    },
    async get(key) {
      assertKey(key);
      const [row] = await db
        .select({ body: storedFiles.bytes, contentType: storedFiles.contentType, size: storedFiles.size })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row ?? null;
    },
    async has(key) {
      assertKey(key);
      const [row] = await db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, key));
      return row !== undefined;
    },
    async delete(keys) {
      keys.forEach(assertKey);
      if (keys.length > 0) await db.delete(storedFiles).where(inArray(storedFiles.key, [...keys]));
    },
    close() {},
  };
}
