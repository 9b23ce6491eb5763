import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { notifications, rowCounts } from '../../db/schema';
import { verifyLedger } from '../ledger/verify';

// Its own database: it stores and deletes notices in bulk.
let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
});
afterAll(() => t.close());

const storeNotices = (recipientId: number | null, n: number) =>
  t.database.db.execute(sql`insert into notifications (recipient_id, key, params, kind)
    select ${recipientId}::bigint, 'text', jsonb_build_object('text', 'Notice ' || g), 'staff' from generate_series(1, ${n}::int) g`);
const total = async (query = '') =>
  (
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/notifications/all-notifications?limit=5${query}`,
        cookies: admin.cookie,
      })
    ).json() as { totalItems: number }
  ).totalItems;
const counted = async () =>
  (await t.database.query('select count(*)::int as n from notifications', []))[0] as { n: number };

describe("the staff notices list's total", () => {
  it('is exact after bulk inserts and deletes, for every audience, and the ledger check agrees', async () => {
    const a = await insertUser(t.database);
    const b = await insertUser(t.database);
    await storeNotices(a, 40);
    await storeNotices(b, 25);
    await storeNotices(null, 3);
    const { n } = await counted();
    expect(await total()).toBe(n);
    expect(await total('&recipient=all')).toBe(3);
    expect(await total('&recipient=user')).toBe(n - 3);
    // The app deletes no notice, but a user's removal by hand would: the kept count follows.
    await t.database.db.delete(notifications).where(eq(notifications.recipientId, b));
    expect(await total()).toBe(n - 25);
    expect(await total('&recipient=user')).toBe(n - 28);
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('is read from the count the triggers keep, not by counting the notices', async () => {
    const before = await total();
    await t.database.db.insert(rowCounts).values({ tableName: 'notifications', n: 1000 });
    expect(await total()).toBe(before + 1000);
    expect((await verifyLedger(t.database.db)).problems).toContainEqual(
      expect.stringContaining('row count of notifications'),
    );
    await t.database.db.insert(rowCounts).values({ tableName: 'notifications', n: -1000 });
    expect(await total()).toBe(before);
  });
});
