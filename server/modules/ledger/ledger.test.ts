import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../test/rows';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema';
import { createTestApp, insertUser, type TestContext } from '../../test/app';
import { platformAccount, userAccount, userBalances } from './accounts';
import { post } from './service';
import { verifyLedger } from './verify';
import { pgErrorCode } from '../../lib/pg-errors';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let key = 0;
const k = () => `test:${++key}:${Math.random()}`;

async function deposit(userId: number, cents: bigint) {
  const db = t.database.db;
  return db.transaction(async (tx) =>
    post(tx, {
      idempotencyKey: k(),
      kind: 'test_deposit',
      postings: [
        { accountId: await platformAccount(tx, 'external_deposits'), amount: -cents },
        { accountId: await userAccount(tx, userId, 'available'), amount: cents },
      ],
    }),
  );
}
async function move(
  userId: number,
  from: 'available' | 'invested',
  to: 'available' | 'invested',
  cents: bigint,
  idempotencyKey = k(),
) {
  const db = t.database.db;
  return db.transaction(async (tx) =>
    post(tx, {
      idempotencyKey,
      kind: 'test_move',
      postings: [
        { accountId: await userAccount(tx, userId, from), amount: -cents },
        { accountId: await userAccount(tx, userId, to), amount: cents },
      ],
    }),
  );
}

describe('ledger', () => {
  it('opens three accounts for every new user', async () => {
    const id = await insertUser(t.database);
    const rows = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['available', 'invested', 'withdrawal_hold']);
  });

  it('moves money, caches user balances, and replays a key without moving it again', async () => {
    const id = await insertUser(t.database);
    await deposit(id, 10_000n);
    const first = await move(id, 'available', 'invested', 2_500n, 'same-key-1');
    const again = await move(id, 'available', 'invested', 2_500n, 'same-key-1');
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ entryId: first.entryId, replayed: true });
    expect(await userBalances(t.database.db, id)).toEqual({ available: 7_500n, invested: 2_500n, withdrawal_hold: 0n });
  });

  it('never lets a user balance go negative; the failed entry leaves nothing behind', async () => {
    const id = await insertUser(t.database);
    await deposit(id, 1_000n);
    const entriesBefore = (await t.database.db.select().from(journalEntries)).length;
    await expect(move(id, 'available', 'invested', 1_001n)).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      statusCode: 422,
    });
    expect((await t.database.db.select().from(journalEntries)).length).toBe(entriesBefore);
    expect((await userBalances(t.database.db, id)).available).toBe(1_000n);
  });

  it('refuses unbalanced entries in code and in the database', async () => {
    const id = await insertUser(t.database);
    const acct = await userAccount(t.database.db, id, 'available');
    await expect(
      t.database.db.transaction((tx) =>
        post(tx, { idempotencyKey: k(), kind: 'bad', postings: [{ accountId: acct, amount: 5n }] }),
      ),
    ).rejects.toThrow(/balanced/);
    // Bypassing post(): the deferred trigger still refuses at commit.
    await expect(
      t.database.db.transaction(async (tx) => {
        const [e] = await tx.insert(journalEntries).values({ idempotencyKey: k(), kind: 'raw' }).returning();
        await tx.insert(postings).values([
          { entryId: e!.id, accountId: acct, amount: 7n },
          { entryId: e!.id, accountId: await platformAccount(tx, 'fees'), amount: -6n },
        ]);
      }),
    ).rejects.toThrow();
    expect(await queryRows(t.database.db, sql`select 1 from journal_entries where kind = 'raw'`)).toHaveLength(0);
  });

  it('refuses a posting added later that unbalances an entry, and keeps a balanced one', async () => {
    const id = await insertUser(t.database);
    const { entryId } = await deposit(id, 300n);
    const acct = await userAccount(t.database.db, id, 'available');
    const fees = await platformAccount(t.database.db, 'fees');
    await expect(t.database.db.insert(postings).values({ entryId, accountId: fees, amount: 9n })).rejects.toSatisfy(
      (err) => pgErrorCode(err) === '23514',
    );
    await t.database.db.insert(postings).values([
      { entryId, accountId: acct, amount: 9n },
      { entryId, accountId: fees, amount: -9n },
    ]);
    await t.database.db.update(ledgerAccounts).set({ balance: 309n }).where(eq(ledgerAccounts.id, acct));
    expect(
      await queryRows<{ n: string }>(
        t.database.db,
        sql`select count(*)::text as n from postings where entry_id = ${entryId}`,
      ),
    ).toEqual([{ n: '4' }]);
  });

  it('is append-only', async () => {
    const id = await insertUser(t.database);
    await deposit(id, 100n);
    await expect(t.database.db.execute(sql`update postings set amount = amount * 2`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from journal_entries`)).rejects.toThrow();
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('verify finds a cached balance that drifted from its postings', async () => {
    const id = await insertUser(t.database);
    await deposit(id, 500n);
    const acct = await userAccount(t.database.db, id, 'available');
    await t.database.db.update(ledgerAccounts).set({ balance: 501n }).where(eq(ledgerAccounts.id, acct));
    const report = await verifyLedger(t.database.db);
    expect(report.problems).toEqual([
      `account ${acct} (available of user ${id}) caches 501 but its postings sum to 500`,
    ]);
    await t.database.db.update(ledgerAccounts).set({ balance: 500n }).where(eq(ledgerAccounts.id, acct));
  });

  it('after any sequence of deposits and moves, balances match a model and the ledger verifies', async () => {
    const id = await insertUser(t.database);
    const op = fc.oneof(
      fc.record({ t: fc.constant('deposit' as const), cents: fc.bigInt({ min: 1n, max: 1_000_000n }) }),
      fc.record({ t: fc.constant('invest' as const), cents: fc.bigInt({ min: 1n, max: 1_000_000n }) }),
      fc.record({ t: fc.constant('release' as const), cents: fc.bigInt({ min: 1n, max: 1_000_000n }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        const model = await userBalances(t.database.db, id);
        for (const o of ops) {
          if (o.t === 'deposit') {
            await deposit(id, o.cents);
            model.available += o.cents;
          } else {
            const [from, to] =
              o.t === 'invest' ? (['available', 'invested'] as const) : (['invested', 'available'] as const);
            if (model[from] >= o.cents) {
              await move(id, from, to, o.cents);
              model[from] -= o.cents;
              model[to] += o.cents;
            } else {
              await expect(move(id, from, to, o.cents)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
            }
          }
        }
        expect(await userBalances(t.database.db, id)).toEqual(model);
      }),
      { numRuns: 15 },
    );
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('under 50 concurrent debits against a balance that covers 10, exactly 10 succeed', async () => {
    const id = await insertUser(t.database);
    await deposit(id, 100_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => move(id, 'available', 'invested', 10_000n)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await userBalances(t.database.db, id)).toEqual({ available: 0n, invested: 100_000n, withdrawal_hold: 0n });
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });
});
