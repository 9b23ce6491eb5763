import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../test/rows';
import { emptyDatabase, insertOldUser, migrationsBefore } from '../../test/migrations';
import { listAll, listForUser } from './service';

let database: Database;
let oldMigrations: string;
beforeAll(async () => {
  database = await emptyDatabase();
  oldMigrations = await migrationsBefore('0016_notices_as_keys');
});
afterAll(async () => {
  await database.close();
  await rm(oldMigrations, { recursive: true, force: true });
});

describe('migration 0016 (notices as keys)', () => {
  it('keeps every stored notice word for word, with its read state and queued copies', async () => {
    await database.migrate(oldMigrations);
    const user = await insertOldUser(database);
    const staff = await insertOldUser(database, 'admin');
    const old = [
      "Your deposit of $20000.00 (BTC) was credited to your available balance. It's 100% yours.",
      'Hello from support: <b>not</b> markup, just text',
    ];
    const ids = [];
    for (const [i, message] of old.entries()) {
      const [row] = await queryRows<{ id: string }>(
        database.db,
        sql`insert into notifications (recipient_id, message, kind, sender_id, created_at)
            values (${user}, ${message}, ${i === 0 ? 'deposit' : 'staff'}, ${i === 0 ? null : staff}, now() - ${`${i} minutes`}::interval)
            returning id`,
      );
      ids.push(Number(row!.id));
    }
    await database.db.execute(
      sql`insert into notifications (recipient_id, message, kind, include_later_users) values (null, 'Maintenance tonight', 'staff', true)`,
    );
    await database.db.execute(
      sql`insert into notification_reads (notification_id, user_id) values (${ids[1]}, ${user})`,
    );
    await database.db.execute(
      sql`insert into notification_deliveries (notification_id, user_id, channel) values (${ids[0]}, ${user}, 'email')`,
    );

    await database.migrate();

    const page = { page: 1, limit: 10 };
    const seen = await listForUser(database.db, user, { ...page, filter: 'all' });
    expect(seen.data.map((n) => [n.message, n.isRead])).toEqual([
      ['Maintenance tonight', false],
      [old[0], false],
      [old[1], true],
    ]);
    expect((await listAll(database.db, staff, page)).data.map((n) => n.message)).toEqual([
      'Maintenance tonight',
      ...old,
    ]);
    const stored = await queryRows<{ key: string; params: unknown }>(
      database.db,
      sql`select key, params from notifications order by id`,
    );
    expect(stored).toEqual([
      { key: 'text', params: { text: old[0] } },
      { key: 'text', params: { text: old[1] } },
      { key: 'text', params: { text: 'Maintenance tonight' } },
    ]);
    const [queued] = await queryRows<{ n: string }>(
      database.db,
      sql`select count(*) as n from notification_deliveries where notification_id = ${ids[0]} and status = 'pending'`,
    );
    expect(Number(queued!.n)).toBe(1);
    // The old length rule still holds for words a person typed.
    await expect(
      database.db.execute(
        sql`insert into notifications (recipient_id, key, params, kind) values (${user}, 'text', '{"text": ""}', 'staff')`,
      ),
    ).rejects.toThrow();
  });
});
