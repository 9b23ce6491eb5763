import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { insertUser } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { notifyUser } from './notify';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('notifyUser', () => {
  it('stores a notice for the one user, and nothing when the surrounding transaction rolls back', async () => {
    const userId = await insertUser(database);
    await notifyUser(database.db, { userId, message: 'Your deposit of $10.00 was settled.', kind: 'deposit' });
    await expect(
      database.db.transaction(async (tx) => {
        await notifyUser(tx, { userId, message: 'never seen', kind: 'deposit' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rows = await database.db.select().from(notifications).where(eq(notifications.recipientId, userId));
    expect(rows.map((r) => [r.message, r.kind])).toEqual([['Your deposit of $10.00 was settled.', 'deposit']]);
  });
});
