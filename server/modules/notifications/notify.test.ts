import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { insertUser } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { noticeOf, textNotice, wordNotice } from './messages';
import { notifyUser } from './notify';
import { listForUser } from './service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('notifyUser', () => {
  it('stores a notice for the one user, and nothing when the surrounding transaction rolls back', async () => {
    const userId = await insertUser(database);
    await notifyUser(database.db, {
      userId,
      notice: textNotice('Your deposit of $10.00 was settled.'),
      kind: 'deposit',
    });
    await expect(
      database.db.transaction(async (tx) => {
        await notifyUser(tx, { userId, notice: textNotice('never seen'), kind: 'deposit' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rows = await database.db.select().from(notifications).where(eq(notifications.recipientId, userId));
    expect(rows.map((r) => [wordNotice(r), r.kind])).toEqual([['Your deposit of $10.00 was settled.', 'deposit']]);
  });

  it('stores the key and its parameters, cents exact as text, and words them when read', async () => {
    const userId = await insertUser(database);
    // Above 2^53 cents: a JSON number would lose the last digit.
    await notifyUser(database.db, {
      userId,
      notice: noticeOf('deposit.settled', { amount: 9_007_199_254_740_993n, currency: 'BTC' }),
      kind: 'deposit',
    });
    const rows = await database.db.select().from(notifications).where(eq(notifications.recipientId, userId));
    expect(rows.map((r) => [r.key, r.params])).toEqual([
      ['deposit.settled', { amount: '9007199254740993', currency: 'BTC' }],
    ]);
    const page = await listForUser(database.db, userId, { page: 1, limit: 10, filter: 'all' });
    expect(page.data.map((n) => n.message)).toEqual([
      'Your deposit of $90,071,992,547,409.93 (BTC) was credited to your available balance.',
    ]);
  });
});

describe('wordNotice', () => {
  it('words every catalogue notice from its stored form', () => {
    expect(wordNotice(noticeOf('investment.ended', { principal: 600_000n, plan: 'Growth' }))).toBe(
      'Your investment in Growth has ended: $6,000.00 principal was returned to your available balance.',
    );
    expect(wordNotice(noticeOf('kyc.rejected', { reason: 'Blurred' }))).toBe(
      'Your identity verification was rejected: Blurred. Please correct it and submit again from the Verification page.',
    );
    expect(wordNotice({ key: 'account.active', params: {} })).toBe('Your account is active again.');
  });

  it('refuses a key it does not know and parameters that do not fit the key', () => {
    expect(() => wordNotice({ key: 'deposit.lost', params: {} })).toThrow('unknown notice key deposit.lost');
    expect(() => wordNotice({ key: 'deposit.settled', params: { amount: 12.5, currency: 'BTC' } })).toThrow();
    expect(() => wordNotice({ key: 'text', params: {} })).toThrow();
  });
});
