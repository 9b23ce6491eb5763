import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { driverOf, type Database } from './client';
import { queryRows } from '../test/rows';
import { deviceSessions, siteSettings, users } from './schema';
import { createTestDatabase } from '../test/db';

/**
 * This file runs on PGlite and, in CI, again on PostgreSQL. The expectations are the same
 * literal values for both, so passing twice proves both drivers hand the code identical
 * JS types for every column type the schema uses.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const typeOf = (v: unknown) =>
  v === null ? 'null' : v instanceof Date ? 'Date' : Array.isArray(v) ? 'array' : typeof v;

describe('driver type mapping', () => {
  it('maps schema columns identically', async () => {
    const [u] = await database.db
      .insert(users)
      .values({ userName: 'types', email: 'types@example.test', passwordHash: 'x', maxDevices: 3 })
      .returning();
    const [s] = await database.db
      .insert(deviceSessions)
      .values({ userId: u!.id, tokenHash: 'h', deviceId: 'd', expiresAt: new Date('2030-01-02T03:04:05.678Z') })
      .returning();
    await database.db.insert(siteSettings).values({ id: 1, values: { a: 1, b: ['x'], c: { d: true } } });
    const [reread] = await database.db.select().from(users).where(eq(users.id, u!.id));
    const [settingsRow] = await database.db.select().from(siteSettings);

    expect(typeOf(reread!.id)).toBe('number'); // bigint identity, mode number
    expect(typeOf(reread!.maxDevices)).toBe('number'); // integer
    expect(typeOf(reread!.isEmailVerified)).toBe('boolean');
    expect(typeOf(reread!.role)).toBe('string'); // enum
    expect(typeOf(reread!.createdAt)).toBe('Date'); // timestamptz
    expect(reread!.deletedAt).toBeNull();
    expect(s!.expiresAt.toISOString()).toBe('2030-01-02T03:04:05.678Z');
    expect(settingsRow!.values).toEqual({ a: 1, b: ['x'], c: { d: true } }); // jsonb
    expect(typeOf(settingsRow!.id)).toBe('number'); // smallint
  });

  it('maps raw SQL results identically', async () => {
    const [row] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select 9007199254740993::int8 as big, 12.34::numeric(12,2) as num, 7::int4 as i4, 2::int2 as i2,
                 count(*) as cnt, true as b, 'x'::text as t, '2024-02-29'::date as d,
                 '2024-01-01T00:00:00Z'::timestamptz as ts, '{"k":[1]}'::jsonb as j, 1.5::float8 as f`,
    );
    expect(row).toEqual({
      big: '9007199254740993', // int8 stays a string: no precision lost beyond 2^53
      num: '12.34', // numeric stays a string: exact
      i4: 7,
      i2: 2,
      cnt: '1',
      b: true,
      t: 'x',
      d: '2024-02-29',
      ts: expect.stringMatching(/^2024-01-01 00:00:00(\.0+)?\+00$/),
      j: { k: [1] },
      f: 1.5,
    });
  });
});

describe('the driver of a handle', () => {
  it('is the one the database was opened with', () => {
    expect(driverOf(database.db)).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});

describe('PGlite start-up', () => {
  it.runIf(!process.env.TEST_DATABASE_URL)('does not zero-fill new WAL segments (a ~300 ms stall each)', async () => {
    expect(await queryRows(database.db, sql`show wal_init_zero`)).toEqual([{ wal_init_zero: 'off' }]);
  });
});
