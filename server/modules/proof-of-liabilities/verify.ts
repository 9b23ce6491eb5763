import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { cents, count, idNumber, int8, rowsOf } from '../../db/rows';
import { treeOf } from './leaves';

export interface LiabilitiesReport {
  /** Snapshots whose root, total and leaf count were recomputed from their stored leaves. */
  snapshots: number;
  /**
   * The latest snapshot against the ledger's balances now: `matched` (no money moved since it was
   * taken, and every leaf is its user's balance), `moved` (entries were posted since: not comparable),
   * `none` (nothing published yet). A mismatch is a problem, not a state.
   */
  latest: 'matched' | 'moved' | 'none';
  problems: string[];
}

const snapshotRow = z.object({ id: idNumber, root_hash: z.string(), total_cents: cents, leaf_count: count });
const commitmentRow = z.object({ snapshot_id: idNumber, position: count });
const latestRow = z.object({
  id: idNumber,
  still: z.boolean(),
  user_id: int8.nullable(),
  published: cents.nullable(),
  ledger: cents.nullable(),
});

/**
 * Recomputes every stored proof of liabilities from its leaves (root, total and count as published,
 * positions 0..n-1 in commitment order), checks each leaf's commitment against its user's salt, and,
 * when no journal entry was posted since the latest snapshot, that its leaves are exactly the users'
 * balances now. Part of `npm run ledger:verify` (server/modules/ledger/verify.ts).
 */
export async function verifyLiabilities(db: DbOrTx): Promise<LiabilitiesReport> {
  const problems: string[] = [];
  const snapshots = await rowsOf(
    db,
    snapshotRow,
    sql`select id, root_hash, total_cents, leaf_count from liability_snapshots order by id`,
  );
  for (const s of snapshots) {
    try {
      const { root, leafCount } = await treeOf(db, { table: 'stored', snapshotId: s.id });
      if (root.hash !== s.root_hash)
        problems.push(
          `proof of liabilities #${s.id}: its leaves make root ${root.hash}, not the published ${s.root_hash}`,
        );
      if (root.sum !== s.total_cents)
        problems.push(
          `proof of liabilities #${s.id}: its leaves sum to ${root.sum}, not the published ${s.total_cents}`,
        );
      if (leafCount !== s.leaf_count)
        problems.push(`proof of liabilities #${s.id}: it has ${leafCount} leaves, not the published ${s.leaf_count}`);
    } catch (err) {
      problems.push(`proof of liabilities #${s.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const forged = await rowsOf(
    db,
    commitmentRow,
    sql`select l.snapshot_id, l.position from liability_leaves l join liability_salts s on s.user_id = l.user_id
        where l.commitment <> encode(sha256(convert_to('user|' || s.salt || '|' || l.user_id, 'UTF8')), 'hex')
        order by 1, 2 limit 100`,
  );
  for (const r of forged)
    problems.push(`proof of liabilities #${r.snapshot_id}: leaf ${r.position}'s commitment is not its user's`);

  // One statement, so one view of the database: the entry count and the balances it compares agree.
  const latest = await rowsOf(
    db,
    latestRow,
    sql`with latest as (select id, entry_count from liability_snapshots order by id desc limit 1),
             s as (select id, (select count(*) from journal_entries) = entry_count as still from latest),
             b as (select user_id, sum(balance) as balance from ledger_accounts where user_id is not null group by user_id),
             l as (select user_id, balance_cents from liability_leaves where snapshot_id = (select id from latest)),
             d as (select coalesce(l.user_id, b.user_id) as user_id, l.balance_cents as published, coalesce(b.balance, 0) as ledger
                   from l full join b on b.user_id = l.user_id
                   where l.balance_cents is distinct from coalesce(b.balance, 0) and (l.user_id is not null or b.balance <> 0))
        select s.id, s.still, d.user_id, d.published, d.ledger
        from s left join (select * from d limit 100) d on s.still`,
  );
  for (const r of latest)
    if (r.user_id !== null)
      problems.push(
        `proof of liabilities #${r.id}: user ${r.user_id} is published with ${r.published ?? 'no leaf'} but holds ${r.ledger}, and no money moved since`,
      );
  const state = latest.length === 0 ? 'none' : latest[0]!.still ? 'matched' : 'moved';
  return { snapshots: snapshots.length, latest: state, problems };
}
