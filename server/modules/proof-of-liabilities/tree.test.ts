import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  byCommitment,
  depthOf,
  leafOf,
  merkleSumRoot,
  parentOf,
  proofPath,
  verifyProof,
  type SumNode,
} from '../../../contract/proof-of-liabilities-tree';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const EMPTY: SumNode = { hash: sha256('empty'), sum: 0n };

/** The tree as the spec words it, level by level: what the streaming builder must equal. */
function naiveRoot(leaves: SumNode[]): SumNode {
  if (leaves.length === 0) return EMPTY;
  let level = leaves;
  while (level.length > 1) {
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(parentOf(level[i]!, level[i + 1] ?? EMPTY, sha256));
    level = next;
  }
  return level[0]!;
}

/** Users with distinct commitments and their balances, sorted as a snapshot sorts them. */
const arbUsers = fc
  .uniqueArray(
    fc.record({ commitment: fc.stringMatching(/^[0-9a-f]{64}$/), balance: fc.bigInt({ min: 0n, max: 10n ** 12n }) }),
    { selector: (u) => u.commitment, maxLength: 40 },
  )
  .map((users) => [...users].sort(byCommitment));

const leavesOf = (users: { commitment: string; balance: bigint }[]) =>
  users.map((u) => leafOf(u.commitment, u.balance, sha256));

const proofOf = (users: { commitment: string; balance: bigint }[], i: number) => {
  const leaves = leavesOf(users);
  const { root, leafCount } = merkleSumRoot(leaves, sha256);
  return {
    snapshot: { id: 1, rootHash: root.hash, totalCents: root.sum, leafCount },
    commitment: users[i]!.commitment,
    balanceCents: users[i]!.balance,
    path: proofPath(leaves, i, sha256),
  };
};

describe('the Merkle sum tree', () => {
  it('with no leaves has the empty node as its root', () => {
    expect(merkleSumRoot([], sha256)).toEqual({ root: EMPTY, leafCount: 0 });
  });

  it('with one leaf has that leaf as its root and a proof of no steps', async () => {
    const users = [{ commitment: sha256('a'), balance: 5n }];
    const proof = proofOf(users, 0);
    expect(proof.path).toEqual([]);
    expect(proof.snapshot.rootHash).toBe(sha256(`leaf|${sha256('a')}|5`));
    expect((await verifyProof(proof, sha256)).ok).toBe(true);
  });

  it('pairs the odd last node of a level with the empty node', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((x, i) => leafOf(sha256(x), BigInt(i + 1), sha256)) as [
      SumNode,
      SumNode,
      SumNode,
    ];
    const root = parentOf(parentOf(a, b, sha256), parentOf(c, EMPTY, sha256), sha256);
    expect(merkleSumRoot([a, b, c], sha256).root).toEqual(root);
    expect(root.hash).toBe(
      sha256(`node|${sha256(`node|${a.hash}|1|${b.hash}|2`)}|3|${sha256(`node|${c.hash}|3|${EMPTY.hash}|0`)}|3`),
    );
    expect(proofPath([a, b, c], 2, sha256)).toEqual([
      { ...EMPTY, side: 'right' },
      { ...parentOf(a, b, sha256), side: 'left' },
    ]);
  });

  it('refuses a negative leaf', () => {
    expect(() => merkleSumRoot([{ hash: sha256('x'), sum: -1n }], sha256)).toThrow(RangeError);
  });

  it('is the level-by-level tree of the spec, and its root sums every balance', () => {
    fc.assert(
      fc.property(arbUsers, (users) => {
        const leaves = leavesOf(users);
        const { root, leafCount } = merkleSumRoot(leaves, sha256);
        expect(root).toEqual(naiveRoot(leaves));
        expect(leafCount).toBe(users.length);
        expect(root.sum).toBe(users.reduce((s, u) => s + u.balance, 0n));
      }),
    );
  });

  it("proves every user's balance against the root, with a path as long as the tree is deep", async () => {
    await fc.assert(
      fc.asyncProperty(arbUsers, async (users) => {
        for (let i = 0; i < users.length; i++) {
          const proof = proofOf(users, i);
          expect(proof.path).toHaveLength(depthOf(users.length));
          const report = await verifyProof(proof, sha256);
          expect(report.checks.filter((c) => !c.ok)).toEqual([]);
          expect(report.root).toEqual({ hash: proof.snapshot.rootHash, sum: proof.snapshot.totalCents });
        }
      }),
    );
  });

  it("a balance one cent off breaks that user's proof and changes the root", async () => {
    await fc.assert(
      fc.asyncProperty(
        arbUsers.filter((u) => u.length > 0),
        fc.nat(),
        fc.constantFrom(1n, -1n),
        async (users, pick, delta) => {
          const i = pick % users.length;
          const honest = proofOf(users, i);
          const claimed = { ...honest, balanceCents: users[i]!.balance + delta };
          const report = await verifyProof(claimed, sha256);
          expect(report.ok).toBe(false);
          expect(report.checks.find((c) => c.name === 'root')?.ok).toBe(false);
          const changed = users.map((u, j) => (j === i ? { ...u, balance: u.balance + delta } : u));
          if (changed[i]!.balance >= 0n)
            expect(merkleSumRoot(leavesOf(changed), sha256).root.hash).not.toBe(honest.snapshot.rootHash);
          else expect(() => merkleSumRoot(leavesOf(changed), sha256)).toThrow(RangeError);
        },
      ),
    );
  });

  it('a proof whose sibling, side, total or length was changed fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbUsers.filter((u) => u.length > 1),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('hash', 'sum', 'side', 'total', 'drop', 'leafCount'),
        async (users, pick, stepPick, what) => {
          const honest = proofOf(users, pick % users.length);
          const step = stepPick % honest.path.length;
          const path = honest.path.map((s, j) =>
            j !== step
              ? s
              : what === 'hash'
                ? { ...s, hash: sha256(s.hash) }
                : what === 'sum'
                  ? { ...s, sum: s.sum + 1n }
                  : what === 'side'
                    ? { ...s, side: s.side === 'left' ? ('right' as const) : ('left' as const) }
                    : s,
          );
          const tampered = {
            ...honest,
            path: what === 'drop' ? path.slice(1) : path,
            snapshot: {
              ...honest.snapshot,
              totalCents: what === 'total' ? honest.snapshot.totalCents + 1n : honest.snapshot.totalCents,
              leafCount: what === 'leafCount' ? honest.snapshot.leafCount * 2 + 1 : honest.snapshot.leafCount,
            },
          };
          expect((await verifyProof(tampered, sha256)).ok).toBe(false);
        },
      ),
    );
  });

  it('recomputes the commitment from the salt and the user id, and holds the proof to the published snapshot', async () => {
    const salt = sha256('salt');
    const commitment = sha256(`user|${salt}|42`);
    const users = [
      { commitment, balance: 1234n },
      { commitment: sha256('other'), balance: 0n },
    ].sort(byCommitment);
    const proof = {
      ...proofOf(
        users,
        users.findIndex((u) => u.commitment === commitment),
      ),
      userId: 42,
      salt,
    };
    const published = { ...proof.snapshot };
    expect((await verifyProof(proof, sha256, published)).ok).toBe(true);
    const wrongUser = await verifyProof({ ...proof, userId: 43 }, sha256, published);
    expect(wrongUser.checks.find((c) => c.name === 'commitment')).toMatchObject({ ok: false });
    const other = await verifyProof(proof, sha256, { ...published, rootHash: sha256('another root') });
    expect(other.checks.find((c) => c.name === 'published')).toMatchObject({ ok: false });
    expect(other.ok).toBe(false);
  });

  it('refuses a negative sum on the path even when the arithmetic adds up', async () => {
    const a = leafOf(sha256('a'), 10n, sha256);
    const b = leafOf(sha256('b'), -4n, sha256);
    const root = parentOf(a, b, sha256);
    const report = await verifyProof(
      {
        snapshot: { id: 1, rootHash: root.hash, totalCents: 6, leafCount: 2 },
        commitment: sha256('a'),
        balanceCents: 10,
        path: [{ hash: b.hash, sum: -4, side: 'right' }],
      },
      sha256,
    );
    expect(report.checks.find((c) => c.name === 'root')?.ok).toBe(true);
    expect(report.checks.find((c) => c.name === 'sums')?.ok).toBe(false);
    expect(report.ok).toBe(false);
  });
});
