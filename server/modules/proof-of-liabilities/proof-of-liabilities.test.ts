import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LiabilitiesMsg, zMyLiabilityProof } from '../../../contract/proof-of-liabilities';
import { leafOf, merkleSumRoot, verifyProof } from '../../../contract/proof-of-liabilities-tree';
import { auditLog, liabilityLeaves, liabilitySalts } from '../../db/schema';
import { pgErrorCode } from '../../lib/pg-errors';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { queryRows } from '../../test/rows';
import { platformAccount, userAccount, type PlatformAccountKind, type UserAccountKind } from '../ledger/accounts';
import { post } from '../ledger/service';
import { verifyLedger } from '../ledger/verify';
import { createSession } from '../sessions/service';
import { leavesIn, sha256Hex, treeOf } from './leaves';
import { pathOf } from './paths';
import { getMyLiabilityProof, publishLiabilities } from './service';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
});
afterEach(async () => expect((await verifyLedger(t.database.db)).problems).toEqual([]));
afterAll(() => t.close());

let key = 0;
type Account = UserAccountKind | PlatformAccountKind;
/** Moves `cents` from one account to another through the ledger; false when the balance does not allow it. */
async function transfer(userId: number, from: Account, to: Account, cents: bigint): Promise<boolean> {
  const id = async (tx: Parameters<typeof post>[0], kind: Account) =>
    kind === 'available' || kind === 'invested' || kind === 'withdrawal_hold'
      ? userAccount(tx, userId, kind)
      : platformAccount(tx, kind);
  try {
    await t.database.db.transaction(async (tx) =>
      post(tx, {
        idempotencyKey: `pol-test:${++key}`,
        kind: 'test_move',
        postings: [
          { accountId: await id(tx, from), amount: -cents },
          { accountId: await id(tx, to), amount: cents },
        ],
      }),
    );
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'INSUFFICIENT_FUNDS') return false;
    throw err;
  }
}

/** Every user's total balance (available + invested + withdrawal hold) as the ledger caches it. */
async function ledgerBalances(): Promise<Map<number, bigint>> {
  const rows = await queryRows<{ user_id: string; balance: string }>(
    t.database.db,
    sql`select u.id as user_id, coalesce(sum(a.balance), 0)::text as balance
        from users u left join ledger_accounts a on a.user_id = u.id group by u.id`,
  );
  return new Map(rows.map((r) => [Number(r.user_id), BigInt(r.balance)]));
}

const publish = () =>
  t.app.inject({ method: 'POST', url: '/api/proof-of-liabilities/snapshots', cookies: admin.cookie });
const get = (url: string, cookies?: Record<string, string>) => t.app.inject({ method: 'GET', url, cookies });

describe('proof of liabilities', () => {
  it('says plainly that none has been published before the first', async () => {
    for (const url of ['/api/proof-of-liabilities', '/api/proof-of-liabilities/me']) {
      const res = await get(url, admin.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: LiabilitiesMsg.noneYet });
    }
  });

  it('gives every new user a salt of 32 bytes, never to be changed', async () => {
    const userId = await insertUser(t.database);
    const [row] = await t.database.db.select().from(liabilitySalts).where(eq(liabilitySalts.userId, userId));
    expect(row!.salt).toMatch(/^[0-9a-f]{64}$/);
    const other = await insertUser(t.database);
    const [second] = await t.database.db.select().from(liabilitySalts).where(eq(liabilitySalts.userId, other));
    expect(second!.salt).not.toBe(row!.salt);
    await expect(
      t.database.db
        .update(liabilitySalts)
        .set({ salt: '0'.repeat(64) })
        .where(eq(liabilitySalts.userId, userId)),
    ).rejects.toSatisfy((err) => pgErrorCode(err) === '42501');
  });

  it('lets only an admin publish, and audits who did', async () => {
    const user = await signIn(t.database, 'user');
    const moderator = await signIn(t.database, 'moderator');
    for (const [cookies, status] of [
      [undefined, 401],
      [user.cookie, 403],
      [moderator.cookie, 403],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/proof-of-liabilities/snapshots', cookies });
      expect(res.statusCode).toBe(status);
    }
    const res = await publish();
    expect(res.statusCode).toBe(201);
    const { snapshot, message } = res.json();
    expect(message).toBe(LiabilitiesMsg.published(snapshot.id, snapshot.leafCount));
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'liabilities.publish'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(audit).toMatchObject({
      actorId: admin.userId,
      targetType: 'liability_snapshot',
      targetId: String(snapshot.id),
      after: snapshot,
    });
  });

  it('holds every balance (available + invested + hold, zero included) and answers the public and the investor', async () => {
    const rich = await signIn(t.database, 'user');
    expect(await transfer(rich.userId, 'external_deposits', 'available', 100_00n)).toBe(true);
    expect(await transfer(rich.userId, 'available', 'invested', 30_00n)).toBe(true);
    expect(await transfer(rich.userId, 'available', 'withdrawal_hold', 20_00n)).toBe(true);
    const poor = await signIn(t.database, 'user');

    const published = (await publish()).json().snapshot;
    const balances = await ledgerBalances();
    expect(published.leafCount).toBe(balances.size);
    expect(BigInt(published.totalCents)).toBe([...balances.values()].reduce((s, b) => s + b, 0n));

    expect((await get('/api/proof-of-liabilities')).json()).toEqual(published);
    expect((await get(`/api/proof-of-liabilities/${published.id}`)).json()).toEqual(published);

    for (const [who, cents] of [
      [rich, 100_00],
      [poor, 0],
    ] as const) {
      const res = await get('/api/proof-of-liabilities/me', who.cookie);
      expect(res.statusCode).toBe(200);
      const proof = zMyLiabilityProof.parse(res.json());
      expect(proof).toMatchObject({ snapshot: published, userId: who.userId, balanceCents: cents });
      const report = await verifyProof(proof, sha256Hex, published);
      expect(report.checks.filter((c) => !c.ok)).toEqual([]);
      expect(report.ok).toBe(true);
    }
    // Nothing public names a user.
    expect(JSON.stringify((await get('/api/proof-of-liabilities')).json())).not.toMatch(/user/i);
  });

  it('answers a bad, unknown or too-early snapshot with a clear 400 or 404, never a 500', async () => {
    const published = (await publish()).json().snapshot;
    const late = await signIn(t.database, 'user');
    const cases: [string, Record<string, string> | undefined, number, string?][] = [
      ['/api/proof-of-liabilities/abc', undefined, 400],
      ['/api/proof-of-liabilities/0', undefined, 400],
      ['/api/proof-of-liabilities/999999', undefined, 404, LiabilitiesMsg.notFound],
      ['/api/proof-of-liabilities/me', undefined, 401],
      ['/api/proof-of-liabilities/me?snapshot=abc', late.cookie, 400],
      ['/api/proof-of-liabilities/me?snapshot=-1', late.cookie, 400],
      ['/api/proof-of-liabilities/me?snapshot=999999', late.cookie, 404, LiabilitiesMsg.notFound],
      [`/api/proof-of-liabilities/me?snapshot=${published.id}`, late.cookie, 404, LiabilitiesMsg.notIncluded],
    ];
    for (const [url, cookies, status, message] of cases) {
      const res = await get(url, cookies);
      expect(res.statusCode, url).toBe(status);
      if (message) expect(res.json().message, url).toBe(message);
    }
    // An older snapshot stays readable and provable after newer ones.
    const next = (await publish()).json().snapshot;
    expect(next.id).toBeGreaterThan(published.id);
    const old = await get(`/api/proof-of-liabilities/me?snapshot=${published.id}`, admin.cookie);
    expect(old.statusCode).toBe(200);
    expect((await verifyProof(old.json(), sha256Hex, published)).ok).toBe(true);
  });

  it('keeps published snapshots and their leaves append-only', async () => {
    const { id } = (await publish()).json().snapshot;
    for (const statement of [
      sql`update liability_snapshots set total_cents = total_cents + 1 where id = ${id}`,
      sql`delete from liability_snapshots where id = ${id}`,
      sql`update liability_leaves set balance_cents = balance_cents + 1 where snapshot_id = ${id}`,
      sql`delete from liability_leaves where snapshot_id = ${id}`,
    ])
      await expect(t.database.db.execute(statement)).rejects.toSatisfy((err) => pgErrorCode(err) === '42501');
  });

  it('for random ledgers: every proof verifies, the root sums the ledger, and one cent off breaks both', async () => {
    const op = fc.record({
      who: fc.nat(),
      what: fc.constantFrom('deposit', 'invest', 'release', 'hold', 'unhold', 'payout', 'interest'),
      cents: fc.bigInt({ min: 1n, max: 50_000_00n }),
    });
    const moves = {
      deposit: ['external_deposits', 'available'],
      invest: ['available', 'invested'],
      release: ['invested', 'available'],
      hold: ['available', 'withdrawal_hold'],
      unhold: ['withdrawal_hold', 'available'],
      payout: ['withdrawal_hold', 'external_withdrawals'],
      interest: ['interest_expense', 'available'],
    } as const;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.array(op, { maxLength: 15 }), async (n, ops) => {
        const users = await Promise.all(Array.from({ length: n }, () => insertUser(t.database)));
        for (const o of ops) {
          const [from, to] = moves[o.what];
          await transfer(users[o.who % n]!, from, to, o.cents);
        }
        const snapshot = await publishLiabilities(t.database.db, new Date(), null);
        const balances = await ledgerBalances();
        expect(snapshot.leafCount).toBe(balances.size);
        expect(BigInt(snapshot.totalCents)).toBe([...balances.values()].reduce((s, b) => s + b, 0n));

        const leaves = await t.database.db
          .select()
          .from(liabilityLeaves)
          .where(eq(liabilityLeaves.snapshotId, snapshot.id))
          .orderBy(liabilityLeaves.position);
        for (const leaf of leaves) {
          const proof = await getMyLiabilityProof(t.database.db, leaf.userId, snapshot.id);
          expect(BigInt(proof.balanceCents)).toBe(balances.get(leaf.userId));
          expect((await verifyProof(proof, sha256Hex, snapshot)).ok).toBe(true);
          for (const delta of [1, -1]) {
            const report = await verifyProof(
              { ...proof, balanceCents: proof.balanceCents + delta },
              sha256Hex,
              snapshot,
            );
            expect(report.ok).toBe(false);
            expect(report.checks.find((c) => c.name === 'root')?.ok).toBe(false);
          }
        }
        // One leaf a cent off, the rest as stored: the root is no longer the published one.
        const i = ops.length % leaves.length;
        const changed = leaves.map((l, j) =>
          leafOf(l.commitment, j === i ? l.balanceCents + 1n : l.balanceCents, sha256Hex),
        );
        expect(merkleSumRoot(changed, sha256Hex).root.hash).not.toBe(snapshot.rootHash);
      }),
      { numRuns: 8 },
    );
  });

  it("answers each investor's path from the snapshot's cached tree exactly as a pass over every leaf would", async () => {
    for (let k = 0; k < 5; k++) {
      await transfer(await insertUser(t.database), 'external_deposits', 'available', BigInt(k + 1));
      const snapshot = await publishLiabilities(t.database.db, new Date(), null);
      for (let position = 0; position < snapshot.leafCount; position++) {
        const walked = await treeOf(t.database.db, { table: 'stored', snapshotId: snapshot.id }, position);
        const cached = await pathOf(t.database.db, snapshot, position);
        expect(cached).toEqual({ root: walked.root, path: walked.path });
        expect(cached.root.hash).toBe(snapshot.rootHash);
      }
    }
  });

  it('walks the leaves a range at a time, letting the event loop turn between ranges', async () => {
    for (let k = 0; k < 3; k++) await transfer(await insertUser(t.database), 'external_deposits', 'available', 5n);
    const snapshot = await publishLiabilities(t.database.db, new Date(), null);
    expect(snapshot.leafCount).toBeGreaterThanOrEqual(3);
    let read = 0;
    let readWhenTurned: number | undefined;
    // Stands in for a request arriving meanwhile (see the accrual's test of the same).
    setImmediate(() => (readWhenTurned = read));
    const positions = [];
    for await (const leaf of leavesIn(t.database.db, { table: 'stored', snapshotId: snapshot.id }, 1)) {
      positions.push(leaf.position);
      read++;
    }
    expect(positions).toEqual([...Array(snapshot.leafCount).keys()]);
    expect(readWhenTurned).toBeLessThan(snapshot.leafCount);
  });

  it('takes every balance at one instant while money moves (one view of the ledger for leaves and entry count)', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => insertUser(t.database)));
    const before = await ledgerBalances();
    const baseTotal = [...before.values()].reduce((s, b) => s + b, 0n);
    const [base] = await queryRows<{ n: string }>(t.database.db, sql`select count(*)::text as n from journal_entries`);
    // Deposits of 1 cent each race the publisher: whichever it saw, its total and its entry count
    // must come from the same instant, so total - base = entries seen - entries before.
    const deposits = Array.from({ length: 40 }, (_, i) =>
      transfer(users[i % 4]!, 'external_deposits', 'available', 1n),
    );
    const snapshot = publishLiabilities(t.database.db, new Date(), null);
    await Promise.all(deposits);
    const { id, totalCents } = await snapshot;
    const [seen] = await queryRows<{ entry_count: string }>(
      t.database.db,
      sql`select entry_count::text from liability_snapshots where id = ${id}`,
    );
    expect(BigInt(totalCents) - baseTotal).toBe(BigInt(seen!.entry_count) - BigInt(base!.n));
  });

  it("a session's own proof is its own: the caller's id decides, nothing else", async () => {
    const a = await signIn(t.database, 'user');
    const b = await insertUser(t.database);
    await publish();
    const res = await get(`/api/proof-of-liabilities/me?userId=${b}`, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().userId).toBe(a.userId);
    const { token } = await createSession(t.database.db, { userId: b, ttlMs: 60_000, now: new Date() });
    expect((await get('/api/proof-of-liabilities/me', { LoginToken: token })).json().userId).toBe(b);
  });
});
