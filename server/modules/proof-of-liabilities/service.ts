import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LiabilitiesMsg, type LiabilitySnapshot, type MyLiabilityProof } from '../../../contract/proof-of-liabilities';
import type { Db, DbOrTx } from '../../db/client';
import { cents, count, rowsOf } from '../../db/rows';
import { liabilityLeaves, liabilitySalts, liabilitySnapshots } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { treeOf } from './leaves';
import { pathOf } from './paths';

type SnapshotRow = typeof liabilitySnapshots.$inferSelect;

/** Cents as the wire's JSON integer; beyond 2^53 would be a bug (or a platform of $90 trillion). */
function centsOut(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`${value} cents do not fit a JSON integer`);
  return Number(value);
}

export const snapshotOut = (s: SnapshotRow): LiabilitySnapshot => ({
  id: s.id,
  takenAt: s.takenAt.toISOString(),
  rootHash: s.rootHash,
  totalCents: centsOut(s.totalCents),
  leafCount: s.leafCount,
});

const pendingRow = z.object({ n: count, unsalted: count, negative: count, total: cents });
const entriesRow = z.object({ n: count });

/**
 * Takes and publishes a proof of liabilities: every user's total balance (available + invested +
 * withdrawal hold, zero included) read in one REPEATABLE READ transaction, so the leaves are the
 * ledger at one instant whatever moves meanwhile; their commitments and order computed by the
 * database set-based into a temporary table; the tree built from it a batch at a time; the snapshot
 * and its leaves stored append-only. Refuses to publish (CONFLICT, nothing stored) when a user has no
 * salt or a negative balance, which the database's own rules make impossible.
 * `actor`: the admin who asked (audited), or null for the daily job.
 */
export async function publishLiabilities(db: Db, now: Date, actor: AuditActor | null): Promise<LiabilitySnapshot> {
  return db.transaction(
    async (tx) => {
      // Before the first read, which is when this transaction's view of the database is fixed: a
      // second publisher waits here until the first commits, then sees everything it did, so ids
      // follow the order of the instants they were taken at. Readers of snapshots are not held up.
      await tx.execute(sql`lock table liability_snapshots in exclusive mode`);
      await tx.execute(sql`
        create temp table pending_liability_leaves on commit drop as
        select (row_number() over (order by x.commitment collate "C") - 1)::int as position,
               x.commitment, x.balance, x.user_id
        from (
          select u.id as user_id,
                 encode(sha256(convert_to('user|' || s.salt || '|' || u.id, 'UTF8')), 'hex') as commitment,
                 coalesce(b.balance, 0)::bigint as balance
          from users u
          left join liability_salts s on s.user_id = u.id
          left join (select user_id, sum(balance) as balance from ledger_accounts
                     where user_id is not null group by user_id) b on b.user_id = u.id
        ) x`);
      await tx.execute(sql`alter table pending_liability_leaves add primary key (position)`);
      const [pending] = await rowsOf(
        tx,
        pendingRow,
        sql`select count(*) as n, count(*) filter (where commitment is null) as unsalted,
                   count(*) filter (where balance < 0) as negative, coalesce(sum(balance), 0) as total
            from pending_liability_leaves`,
      );
      if (pending!.unsalted > 0) throw new AppError('CONFLICT', LiabilitiesMsg.unsalted(pending!.unsalted));
      if (pending!.negative > 0) throw new AppError('CONFLICT', LiabilitiesMsg.negative(pending!.negative));
      const [entries] = await rowsOf(tx, entriesRow, sql`select count(*) as n from journal_entries`);

      const { root, leafCount } = await treeOf(tx, { table: 'pending' });
      if (leafCount !== pending!.n || root.sum !== pending!.total)
        throw new Error('the tree does not hold every balance it was built from');

      const [snapshot] = await tx
        .insert(liabilitySnapshots)
        .values({ takenAt: now, rootHash: root.hash, totalCents: root.sum, leafCount, entryCount: entries!.n })
        .returning();
      await tx.execute(sql`
        insert into liability_leaves (snapshot_id, position, commitment, balance_cents, user_id)
        select ${snapshot!.id}, position, commitment, balance, user_id from pending_liability_leaves`);
      const published = snapshotOut(snapshot!);
      if (actor)
        await recordAudit(tx, actor, {
          action: 'liabilities.publish',
          targetType: 'liability_snapshot',
          targetId: published.id,
          after: published,
        });
      return published;
    },
    { isolationLevel: 'repeatable read' },
  );
}

async function snapshotRow(db: DbOrTx, id: number | undefined): Promise<SnapshotRow> {
  const [row] = await db
    .select()
    .from(liabilitySnapshots)
    .where(id === undefined ? undefined : eq(liabilitySnapshots.id, id))
    .orderBy(desc(liabilitySnapshots.id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', id === undefined ? LiabilitiesMsg.noneYet : LiabilitiesMsg.notFound);
  return row;
}

/** The latest published snapshot (NOT_FOUND before the first), or the one with `id` (NOT_FOUND when none has it). */
export async function getLiabilitySnapshot(db: DbOrTx, id?: number): Promise<LiabilitySnapshot> {
  return snapshotOut(await snapshotRow(db, id));
}

/**
 * The caller's own proof in a snapshot (the latest when `snapshotId` is absent): their salt and
 * commitment, their balance then, and the siblings from their leaf to the root. NOT_FOUND when there
 * is no such snapshot, or when the user was not in it (their account was opened after it).
 */
export async function getMyLiabilityProof(
  db: DbOrTx,
  userId: number,
  snapshotId: number | undefined,
): Promise<MyLiabilityProof> {
  const snapshot = await snapshotRow(db, snapshotId);
  const [leaf] = await db
    .select()
    .from(liabilityLeaves)
    .where(and(eq(liabilityLeaves.snapshotId, snapshot.id), eq(liabilityLeaves.userId, userId)));
  if (!leaf) throw new AppError('NOT_FOUND', LiabilitiesMsg.notIncluded);
  const [salt] = await db.select().from(liabilitySalts).where(eq(liabilitySalts.userId, userId));
  if (!salt) throw new Error(`user ${userId} has a leaf but no salt`);
  const { root, path } = await pathOf(db, snapshot, leaf.position);
  // The stored leaves are append-only; a different root means someone went around the database's rules.
  if (root.hash !== snapshot.rootHash) throw new Error(`the leaves of snapshot ${snapshot.id} no longer make its root`);
  return {
    snapshot: snapshotOut(snapshot),
    userId,
    salt: salt.salt,
    commitment: leaf.commitment,
    balanceCents: centsOut(leaf.balanceCents),
    path: path.map((s) => ({ hash: s.hash, sum: centsOut(s.sum), side: s.side })),
  };
}
