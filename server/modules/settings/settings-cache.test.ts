import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../contract/settings';
import type { Database, Db } from '../../db/client';
import { createSecretBox } from '../../lib/secrets';
import { TEST_APP_SECRET, insertUser } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { SettingsStore } from './service';

let database: Database;
let adminId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  adminId = await insertUser(database, { role: 'admin' });
});
afterAll(() => database.close());

/**
 * The test database, except that the next `select(...).from(...).where(...)` armed with `holdNext`
 * fetches its rows and then waits for `release` before handing them over: a read overtaken by a write.
 */
function holdableDb(db: Db) {
  let armed: { fetched: () => void; released: Promise<void> } | null = null;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'select') return Reflect.get(target, prop, receiver) as unknown;
      return (...args: Parameters<Db['select']>) => {
        const query = target.select(...args);
        const hold = armed;
        armed = null;
        if (!hold) return query;
        return {
          from: (...fromArgs: Parameters<typeof query.from>) => ({
            where: async (...whereArgs: Parameters<ReturnType<typeof query.from>['where']>) => {
              const rows = await query.from(...fromArgs).where(...whereArgs);
              hold.fetched();
              await hold.released;
              return rows;
            },
          }),
        };
      };
    },
  });
  return {
    db: proxy,
    /** Arms the next select; resolves `fetched` once it has its (now old) rows. */
    holdNext() {
      let release!: () => void;
      let fetched!: () => void;
      const isFetched = new Promise<void>((resolve) => (fetched = resolve));
      armed = { fetched, released: new Promise<void>((resolve) => (release = resolve)) };
      return { fetched: isFetched, release };
    },
  };
}

describe('SettingsStore cache', () => {
  it('a read that began before a write does not put the old settings back in the cache', async () => {
    const held = holdableDb(database.db);
    // A long TTL: only a write may end a cached value here, never the passing of time.
    const store = new SettingsStore(held.db, createSecretBox(TEST_APP_SECRET), { warn: () => undefined }, 60_000);
    const hold = held.holdNext();
    const slowRead = store.get();
    await hold.fetched;

    await store.update({ siteName: 'Renamed while a read was under way' }, adminId);
    hold.release();
    expect((await slowRead).siteName).toBe(DEFAULT_SETTINGS.siteName);

    expect((await store.get()).siteName).toBe('Renamed while a read was under way');
    expect((await store.view()).siteName).toBe('Renamed while a read was under way');
  });
});
