import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { emptyDatabase, migrationsBefore } from '../../test/migrations';

let database: Database;
let oldMigrations: string;
beforeAll(async () => {
  database = await emptyDatabase();
  oldMigrations = await migrationsBefore('_account_status_and_activity_kinds');
});
afterAll(async () => {
  await database.close();
  await rm(oldMigrations, { recursive: true, force: true });
});

describe('the account status and activity kinds migration', () => {
  it('turns "inactive" into active (the email flag still says unconfirmed) and files old activity by kind', async () => {
    await database.migrate(oldMigrations);
    await database.db.execute(sql`insert into users (user_name, email, password_hash, status, is_email_verified) values
      ('was_inactive', 'a@example.test', 'x', 'inactive', false),
      ('was_suspended', 'b@example.test', 'x', 'suspended', true)`);
    await database.db.execute(sql`insert into activity_logs (action) values
      ('Visited Dashboard'), ('Logged in'), ('Logged in with Google'), ('Changed password'), ('Requested withdrawal 7')`);

    await database.migrate();

    const users = await rowsOf(
      database.db,
      z.object({ user_name: z.string(), status: z.string(), is_email_verified: z.boolean() }),
      sql`select user_name, status::text as status, is_email_verified from users order by user_name`,
    );
    expect(users).toEqual([
      { user_name: 'was_inactive', status: 'active', is_email_verified: false },
      { user_name: 'was_suspended', status: 'suspended', is_email_verified: true },
    ]);
    const kinds = await rowsOf(
      database.db,
      z.object({ action: z.string(), kind: z.string() }),
      sql`select action, kind from activity_logs order by id`,
    );
    expect(kinds.map((k) => [k.action, k.kind])).toEqual([
      ['Visited Dashboard', 'page_view'],
      ['Logged in', 'security'],
      ['Logged in with Google', 'security'],
      ['Changed password', 'security'],
      ['Requested withdrawal 7', 'action'],
    ]);
  });
});
