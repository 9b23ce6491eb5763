/**
 * The Merkle sum tree of the proof of liabilities: the one implementation the server builds
 * snapshots with, the browser verifies proofs with, and the tests hold the standalone
 * `scripts/verify-liabilities.mjs` to. No dependencies: the SHA-256 is passed in (node:crypto on
 * the server, crypto.subtle in the browser), as a function from UTF-8 text to lowercase hex.
 *
 *   commitment = hex(SHA-256("user|" + salt_hex + "|" + user_id))
 *   leaf       = { hash: hex(SHA-256("leaf|" + commitment + "|" + balance_cents)), sum: balance_cents }
 *   parent     = { hash: hex(SHA-256("node|" + l.hash + "|" + l.sum + "|" + r.hash + "|" + r.sum)),
 *                  sum: l.sum + r.sum }
 *   empty      = { hash: hex(SHA-256("empty")), sum: 0 }
 *
 * Leaves are sorted by commitment; at a level with an odd count above one the last node is paired
 * with `empty`; the tree stops at a single node, the root; with no leaves the root is `empty`.
 * A parent's hash covers both children's sums, not only their total, so a negative sum anywhere
 * shows on the path of whoever stands beside it.
 */

/** A node of the tree: its hash (64 lowercase hex digits) and the cents below it. */
export interface SumNode {
  hash: string;
  sum: bigint;
}

/** Which side of the path's node the sibling stands on. */
export type Side = 'left' | 'right';

/** One step of a proof: the sibling met on the way from the leaf to the root. */
export interface PathStep extends SumNode {
  side: Side;
}

/** SHA-256 of the UTF-8 text, as 64 lowercase hex digits: synchronous (building a tree). */
export type SyncSha256 = (text: string) => string;
/** The same, possibly asynchronous (crypto.subtle in a browser): verifying a proof. */
export type Sha256 = (text: string) => string | Promise<string>;

export const EMPTY_PREIMAGE = 'empty';
export const commitmentPreimage = (saltHex: string, userId: number | bigint | string): string =>
  `user|${saltHex}|${userId}`;
export const leafPreimage = (commitment: string, balanceCents: bigint): string => `leaf|${commitment}|${balanceCents}`;
export const nodePreimage = (left: SumNode, right: SumNode): string =>
  `node|${left.hash}|${left.sum}|${right.hash}|${right.sum}`;

export const leafOf = (commitment: string, balanceCents: bigint, sha256: SyncSha256): SumNode => ({
  hash: sha256(leafPreimage(commitment, balanceCents)),
  sum: balanceCents,
});
export const parentOf = (left: SumNode, right: SumNode, sha256: SyncSha256): SumNode => ({
  hash: sha256(nodePreimage(left, right)),
  sum: left.sum + right.sum,
});
export const emptyNode = (sha256: SyncSha256): SumNode => ({ hash: sha256(EMPTY_PREIMAGE), sum: 0n });

/** The order of the leaves: by commitment, compared as plain strings (lowercase hex, so byte order). */
export const byCommitment = (a: { commitment: string }, b: { commitment: string }): number =>
  a.commitment < b.commitment ? -1 : a.commitment > b.commitment ? 1 : 0;

/** How many steps a proof of a tree of `leafCount` leaves has: the levels above the leaves. */
export function depthOf(leafCount: number): number {
  let depth = 0;
  for (let n = leafCount; n > 1; n = Math.ceil(n / 2)) depth += 1;
  return depth;
}

/**
 * Builds the tree from its leaves given in order, keeping one waiting node per level (memory
 * O(log n), however many leaves), and, when `target` names a leaf's position, the siblings on its
 * way to the root. A negative leaf is refused: the published liabilities never hold one.
 */
export class MerkleSumBuilder {
  private readonly waiting: (SumNode | undefined)[] = [];
  private readonly counts: number[] = [];
  private readonly path: PathStep[] = [];

  /**
   * `onParent` sees every node above the leaves as it is made, with its level (1 = the leaves'
   * parents) and its position in that level: what a cache of the tree keeps to answer paths later.
   */
  constructor(
    private readonly sha256: SyncSha256,
    private readonly target = -1,
    private readonly onParent?: (level: number, position: number, node: SumNode) => void,
  ) {}

  /** The next leaf, in commitment order. */
  add(leaf: SumNode): void {
    if (leaf.sum < 0n) throw new RangeError(`A leaf's balance is negative (${leaf.sum})`);
    this.push(0, leaf);
  }

  /** The root, the number of leaves and the target's path from its leaf up (empty without a target). */
  finish(): { root: SumNode; leafCount: number; path: PathStep[] } {
    const leafCount = this.counts[0] ?? 0;
    if (leafCount === 0) return { root: emptyNode(this.sha256), leafCount, path: [] };
    for (let level = 0; ; level++) {
      const n = this.counts[level]!;
      if (n === 1) return { root: this.waiting[level]!, leafCount, path: this.path };
      if (n % 2 === 1) {
        const left = this.waiting[level]!;
        this.waiting[level] = undefined;
        this.pair(level, n - 1, left, emptyNode(this.sha256));
      }
    }
  }

  private push(level: number, node: SumNode): void {
    const position = this.counts[level] ?? 0;
    this.counts[level] = position + 1;
    if (level > 0) this.onParent?.(level, position, node);
    if (position % 2 === 0) {
      this.waiting[level] = node;
      return;
    }
    const left = this.waiting[level]!;
    this.waiting[level] = undefined;
    this.pair(level, position - 1, left, node);
  }

  /** Joins the pair at `leftPosition` of `level`, noting the sibling when it is on the target's way. */
  private pair(level: number, leftPosition: number, left: SumNode, right: SumNode): void {
    if (this.target >= 0) {
      const mine = Math.floor(this.target / 2 ** level);
      if (mine === leftPosition) this.path[level] = { hash: right.hash, sum: right.sum, side: 'right' };
      else if (mine === leftPosition + 1) this.path[level] = { hash: left.hash, sum: left.sum, side: 'left' };
    }
    this.push(level + 1, parentOf(left, right, this.sha256));
  }
}

/** The root of the tree over `leaves` (already in commitment order). */
export function merkleSumRoot(leaves: Iterable<SumNode>, sha256: SyncSha256): { root: SumNode; leafCount: number } {
  const builder = new MerkleSumBuilder(sha256);
  for (const leaf of leaves) builder.add(leaf);
  const { root, leafCount } = builder.finish();
  return { root, leafCount };
}

/** The path of the leaf at `index` (its position in commitment order) up to the root. */
export function proofPath(leaves: Iterable<SumNode>, index: number, sha256: SyncSha256): PathStep[] {
  const builder = new MerkleSumBuilder(sha256, index);
  for (const leaf of leaves) builder.add(leaf);
  const { leafCount, path } = builder.finish();
  if (index < 0 || index >= leafCount) throw new RangeError(`No leaf at position ${index} of ${leafCount}`);
  return path;
}

/** An integer of cents as a bigint, from a JSON number (a safe integer), a decimal string or a bigint; else null. */
export function centsOf(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : null;
  if (typeof value === 'string' && /^-?\d{1,30}$/.test(value)) return BigInt(value);
  return null;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** What a proof says: the investor's document (GET /api/proof-of-liabilities/me), cents in any of centsOf's forms. */
export interface ProofInput {
  snapshot: { id: number; takenAt?: string; rootHash: string; totalCents: unknown; leafCount: number };
  /** The investor's id; when present the commitment is recomputed from it and the salt. */
  userId?: number;
  salt?: string;
  commitment: string;
  balanceCents: unknown;
  path: readonly { hash: string; sum: unknown; side: string }[];
}

/** The published snapshot (GET /api/proof-of-liabilities/:id), to hold the proof's copy of it to. */
export interface PublishedSnapshot {
  id: number;
  takenAt?: string;
  rootHash: string;
  totalCents: unknown;
  leafCount: number;
}

export type CheckName = 'commitment' | 'balance' | 'shape' | 'sums' | 'root' | 'total' | 'published';

/** One thing a verification checked: whether it held, and what was expected against what was found. */
export interface ProofCheck {
  name: CheckName;
  ok: boolean;
  expected?: string;
  actual?: string;
}

/** A step recomputed: the sibling, and the node it made with the node below. */
export interface ProofStep {
  sibling: PathStep;
  node: SumNode;
}

export interface ProofReport {
  /** Every check held. */
  ok: boolean;
  checks: ProofCheck[];
  /** The leaf recomputed from the commitment and the balance; null when they cannot be read. */
  leaf: SumNode | null;
  steps: ProofStep[];
  /** The root the path leads to; null when the path cannot be followed. */
  root: SumNode | null;
}

/**
 * Recomputes the root from an investor's proof and says, check by check, whether it is the root
 * and total the operator published. Nothing is trusted: the commitment is recomputed from the salt
 * and the user id when both are given, every sum must be a non-negative integer, and the path
 * must have the length and the empty siblings a tree of the snapshot's leaf count has.
 */
export async function verifyProof(
  proof: ProofInput,
  sha256: Sha256,
  published?: PublishedSnapshot,
): Promise<ProofReport> {
  const checks: ProofCheck[] = [];
  const check = (name: CheckName, ok: boolean, expected?: unknown, actual?: unknown) =>
    checks.push({
      name,
      ok,
      ...(expected === undefined ? {} : { expected: String(expected) }),
      ...(actual === undefined ? {} : { actual: String(actual) }),
    });
  const hash = async (text: string) => (await sha256(text)).toLowerCase();

  if (proof.salt !== undefined && proof.userId !== undefined) {
    const commitment = await hash(commitmentPreimage(proof.salt, proof.userId));
    check('commitment', commitment === proof.commitment, commitment, proof.commitment);
  } else {
    check('commitment', HEX64.test(proof.commitment), '64 hex digits', proof.commitment);
  }
  const balance = centsOf(proof.balanceCents);
  check('balance', balance !== null && balance >= 0n, '>= 0', proof.balanceCents);

  // The path a tree of leafCount leaves gives some leaf: its length, a position inside the tree,
  // and the empty sibling exactly where that position is the odd last node of its level.
  const leafCount = proof.snapshot.leafCount;
  const shapeProblem = shapeOf(proof.path, leafCount);
  const empty = await hash(EMPTY_PREIMAGE);
  const emptyProblem =
    shapeProblem ??
    emptyMisplaced(
      proof.path.map((s) => s.hash === empty && centsOf(s.sum) === 0n),
      proof.path,
      leafCount,
    );
  check('shape', emptyProblem === null, emptyProblem === null ? undefined : emptyProblem);

  const sums = proof.path.map((s) => centsOf(s.sum));
  check(
    'sums',
    sums.every((s) => s !== null && s >= 0n),
    '>= 0',
    sums.find((s) => s === null || s < 0n) ?? undefined,
  );

  let leaf: SumNode | null = null;
  let root: SumNode | null = null;
  const steps: ProofStep[] = [];
  const followable = sums.every((s) => s !== null) && proof.path.every((s) => s.side === 'left' || s.side === 'right');
  if (balance !== null && followable) {
    leaf = { hash: await hash(leafPreimage(proof.commitment, balance)), sum: balance };
    let node = leaf;
    for (const [i, step] of proof.path.entries()) {
      const sibling: PathStep = { hash: step.hash.toLowerCase(), sum: sums[i]!, side: step.side as Side };
      const [left, right] = sibling.side === 'left' ? [sibling, node] : [node, sibling];
      node = { hash: await hash(nodePreimage(left, right)), sum: left.sum + right.sum };
      steps.push({ sibling, node });
    }
    root = node;
  }
  const total = centsOf(proof.snapshot.totalCents);
  check('root', root !== null && root.hash === proof.snapshot.rootHash, proof.snapshot.rootHash, root?.hash);
  check('total', root !== null && total !== null && root.sum === total, proof.snapshot.totalCents, root?.sum);
  if (published) {
    const same =
      published.id === proof.snapshot.id &&
      published.rootHash === proof.snapshot.rootHash &&
      centsOf(published.totalCents) === total &&
      published.leafCount === proof.snapshot.leafCount &&
      (published.takenAt === undefined ||
        proof.snapshot.takenAt === undefined ||
        published.takenAt === proof.snapshot.takenAt);
    check(
      'published',
      same,
      `#${published.id} ${published.rootHash} ${published.totalCents}`,
      `#${proof.snapshot.id} ${proof.snapshot.rootHash} ${proof.snapshot.totalCents}`,
    );
  }
  return { ok: checks.every((c) => c.ok), checks, leaf, steps, root };
}

/** Why the path cannot be one of a tree of `leafCount` leaves (length, sides, position); null when it can. */
function shapeOf(path: ProofInput['path'], leafCount: number): string | null {
  if (!Number.isSafeInteger(leafCount) || leafCount < 1) return 'the snapshot has no leaves';
  const depth = depthOf(leafCount);
  if (path.length !== depth) return `a tree of ${leafCount} leaves has paths of ${depth} steps, not ${path.length}`;
  if (!path.every((s) => s.side === 'left' || s.side === 'right')) return "a side is neither 'left' nor 'right'";
  if (!path.every((s) => HEX64.test(s.hash.toLowerCase()))) return 'a hash is not 64 hex digits';
  const index = positionOf(path);
  if (index >= leafCount) return `the path leads to position ${index}, past the last leaf (${leafCount - 1})`;
  return null;
}

/** The leaf's position the sides spell: a sibling on the left means the node is a right child (bit 1). */
const positionOf = (path: readonly { side: string }[]): number =>
  path.reduce((index, step, level) => index + (step.side === 'left' ? 2 ** level : 0), 0);

/** Whether the empty siblings are exactly where the node is the odd last one of its level. */
function emptyMisplaced(isEmpty: boolean[], path: ProofInput['path'], leafCount: number): string | null {
  let index = positionOf(path);
  let n = leafCount;
  for (let level = 0; level < path.length; level++) {
    const lastOfOdd = n % 2 === 1 && index === n - 1;
    if (lastOfOdd && !(isEmpty[level] && path[level]!.side === 'right'))
      return `step ${level + 1} should be the empty node on the right`;
    if (!lastOfOdd && isEmpty[level]) return `step ${level + 1} is the empty node where a real sibling stands`;
    index = Math.floor(index / 2);
    n = Math.ceil(n / 2);
  }
  return null;
}
