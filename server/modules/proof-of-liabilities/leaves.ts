import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  leafOf,
  MerkleSumBuilder,
  type PathStep,
  type SumNode,
  type SyncSha256,
} from '../../../contract/proof-of-liabilities-tree';
import type { DbOrTx } from '../../db/client';
import { cents, count, rowsOf } from '../../db/rows';
import { nextTurn } from '../../lib/event-loop';

/** SHA-256 of UTF-8 text as lowercase hex: the tree's hash on the server. */
export const sha256Hex: SyncSha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Leaves read back a batch at a time, so a tree of millions never sits in memory whole. */
const BATCH = 10_000;
const leafRow = z.object({ position: count, commitment: z.string(), balance: cents });

/**
 * The leaves of a table of leaves (`liability_leaves` of one snapshot, or the publisher's
 * temporary table) in position order, by ranges of the position index. The event loop turns
 * between ranges: on PGlite nothing else would let a request in while a tree of millions is walked.
 */
export async function* leavesIn(
  db: DbOrTx,
  source: { table: 'stored'; snapshotId: number } | { table: 'pending' },
  batch = BATCH,
): AsyncGenerator<{ position: number; commitment: string; balance: bigint }> {
  for (let from = 0; ;) {
    const rows = await rowsOf(
      db,
      leafRow,
      source.table === 'stored'
        ? sql`select position, commitment, balance_cents as balance from liability_leaves
              where snapshot_id = ${source.snapshotId} and position >= ${from} order by position limit ${batch}`
        : sql`select position, commitment, balance from pending_liability_leaves
              where position >= ${from} order by position limit ${batch}`,
    );
    for (const row of rows) yield row;
    if (rows.length < batch) return;
    from = rows[rows.length - 1]!.position + 1;
    await nextTurn();
  }
}

/**
 * The tree over a table of leaves: its root, its leaf count, and the path of the leaf at `target`.
 * Refuses leaves whose positions are not 0, 1, 2, … (a gap or a repeat is not a tree of them) or
 * that are out of commitment order.
 */
export async function treeOf(
  db: DbOrTx,
  source: Parameters<typeof leavesIn>[1],
  target = -1,
): Promise<{ root: SumNode; leafCount: number; path: PathStep[] }> {
  const builder = new MerkleSumBuilder(sha256Hex, target);
  let expected = 0;
  let previous = '';
  for await (const leaf of leavesIn(db, source)) {
    if (leaf.position !== expected) throw new Error(`leaf positions skip from ${expected} to ${leaf.position}`);
    if (leaf.commitment <= previous) throw new Error(`leaf ${leaf.position} is out of commitment order`);
    builder.add(leafOf(leaf.commitment, leaf.balance, sha256Hex));
    expected += 1;
    previous = leaf.commitment;
  }
  return builder.finish();
}
