import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { creditManualDeposit } from '../deposits/manual';
import { verifyLedger } from '../ledger/verify';
import { publishLiabilities } from './service';

/** ledger:verify over published proofs of liabilities; its own database, since the last cases tamper with it. */
let t: TestContext;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await signIn(t.database, 'admin')).userId;
});
afterAll(() => t.close());

const deposit = (userId: number, amount: bigint) =>
  creditManualDeposit(t.database.db, { adminId, userId, amount, currency: 'BTC', notes: '', now: new Date() });

/** Changes stored rows as only someone going around the database's rules could (triggers off for one transaction). */
const tamper = (statement: SQL) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

let users: number[] = [];

describe('ledger:verify and the proofs of liabilities', () => {
  it('reports nothing to check before the first snapshot', async () => {
    const report = await verifyLedger(t.database.db);
    expect(report.problems).toEqual([]);
    expect(report.liabilities).toEqual({ snapshots: 0, latest: 'none' });
  });

  it('recomputes every snapshot and holds the latest to the balances while no money moves', async () => {
    users = [await insertUser(t.database), await insertUser(t.database), await insertUser(t.database)];
    await deposit(users[0]!, 50_00n);
    await publishLiabilities(t.database.db, new Date(), null);
    await deposit(users[1]!, 7_00n);
    await publishLiabilities(t.database.db, new Date(), null);
    const report = await verifyLedger(t.database.db);
    expect(report.problems).toEqual([]);
    expect(report.liabilities).toEqual({ snapshots: 2, latest: 'matched' });
  });

  it('once money moves, still recomputes every snapshot but no longer compares the latest', async () => {
    await deposit(users[2]!, 1n);
    const report = await verifyLedger(t.database.db);
    expect(report.problems).toEqual([]);
    expect(report.liabilities).toEqual({ snapshots: 2, latest: 'moved' });
  });

  it('finds a stored leaf whose balance was changed', async () => {
    const { id } = await publishLiabilities(t.database.db, new Date(), null);
    await tamper(
      sql`update liability_leaves set balance_cents = balance_cents + 1 where snapshot_id = ${id} and user_id = ${users[0]!}`,
    );
    const report = await verifyLedger(t.database.db);
    expect(report.problems).toEqual([
      expect.stringMatching(
        new RegExp(`^proof of liabilities #${id}: its leaves make root [0-9a-f]{64}, not the published`),
      ),
      `proof of liabilities #${id}: its leaves sum to ${50_00 + 7_00 + 1 + 1}, not the published ${50_00 + 7_00 + 1}`,
      `proof of liabilities #${id}: user ${users[0]} is published with 5001 but holds 5000, and no money moved since`,
    ]);
  });

  it('finds a stored leaf whose commitment is not its user’s, and leaves out of order', async () => {
    const { id } = await publishLiabilities(t.database.db, new Date(), null);
    await tamper(
      sql`update liability_leaves set commitment = repeat('f', 64) where snapshot_id = ${id} and position = 0`,
    );
    const problems = (await verifyLedger(t.database.db)).problems.filter((p) =>
      p.startsWith(`proof of liabilities #${id}:`),
    );
    expect(problems).toEqual([
      `proof of liabilities #${id}: leaf 1 is out of commitment order`,
      `proof of liabilities #${id}: leaf 0's commitment is not its user's`,
    ]);
  });
});
