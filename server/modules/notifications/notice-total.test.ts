import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { EXACT_NOTICE_TOTAL, forgetNoticeTotals, NOTICE_TOTAL_TTL_MS } from './service';

// Its own database: it stores more notices than the exact count goes to.
let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  userId = await insertUser(t.database);
});
afterAll(() => t.close());

const storeNotices = (n: number) =>
  t.database.db.execute(sql`insert into notifications (recipient_id, key, params, kind)
    select ${userId}::bigint, 'text', jsonb_build_object('text', 'Notice ' || g), 'staff' from generate_series(1, ${n}::int) g`);
const staffList = async (query = '') =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/notifications/all-notifications?limit=5${query}`,
      cookies: admin.cookie,
    })
  ).json() as {
    totalItems: number;
    data: { message: string }[];
  };

describe("the staff notices list's total", () => {
  it('is exact up to EXACT_NOTICE_TOTAL notices, on every page', async () => {
    const before = (await staffList()).totalItems;
    await storeNotices(3);
    expect((await staffList()).totalItems).toBe(before + 3);
    expect((await staffList('&recipient=user')).totalItems).toBe(before + 3);
    expect((await staffList('&recipient=all')).totalItems).toBe(0);
  });

  it('past it, is counted once a minute while the rows are read fresh', async () => {
    const before = (await staffList()).totalItems;
    await storeNotices(EXACT_NOTICE_TOTAL + 1 - before);
    const counted = await staffList();
    expect(counted.totalItems).toBe(EXACT_NOTICE_TOTAL + 1);
    await storeNotices(1);
    const reused = await staffList();
    expect(NOTICE_TOTAL_TTL_MS).toBe(60_000);
    expect(reused.totalItems).toBe(EXACT_NOTICE_TOTAL + 1);
    // The newest notice is on top all the same.
    expect(reused.data[0]!.message).toBe('Notice 1');
    expect(reused.data[0]).not.toEqual(counted.data[0]);
    forgetNoticeTotals(t.database.db);
    expect((await staffList()).totalItems).toBe(EXACT_NOTICE_TOTAL + 2);
  });
});
