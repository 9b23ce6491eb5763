import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  byCommitment,
  commitmentPreimage,
  leafOf,
  merkleSumRoot,
  proofPath,
  verifyProof,
} from '../contract/proof-of-liabilities-tree';
import { sha256Hex as browserSha256 } from '../web/src/lib/sha256';

/**
 * The same vectors through the three implementations: the shared module with node:crypto (what the
 * server publishes), the shared module with Web Crypto's crypto.subtle (what the browser checks
 * with), and the standalone scripts/verify-liabilities.mjs run as its own process.
 */
const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const SCRIPT = fileURLToPath(new URL('./verify-liabilities.mjs', import.meta.url));

/**
 * Fixed users: salt, id and balance. The expected roots below were computed once, and checked by an
 * independent few lines of Python's hashlib; they must never change, or every published proof breaks.
 */
const USERS = [
  { userId: 1, balance: 0n },
  { userId: 2, balance: 1n },
  { userId: 3, balance: 12_345n },
  { userId: 17, balance: 999_999_999n },
  { userId: 1_000_000, balance: 42n },
].map((u) => ({ ...u, salt: nodeSha256(`salt-${u.userId}`) }));

const VECTORS = [
  { size: 1, root: 'f4b2cdeb24bf3ababcbd4aa83d0dbbfb18dfaefde4e6b7fea8f79b19f313fbca', total: 0n },
  { size: 2, root: 'dca5536bb8d813b39a94aa31aa59eb1a91d0e3dc6f3a0d3a34ca4c9d14cf03b7', total: 1n },
  { size: 3, root: '889125139280e40f6ae4f4ac594230749ae518dc3ade9e8c120aa99a2b05d8b8', total: 12_346n },
  { size: 5, root: 'a2f2ed6449831d063fa9fe7a20174e2f5beda78d301f014acb30850e9ff9f72a', total: 1_000_012_387n },
];

function snapshotOf(size: number) {
  const users = USERS.slice(0, size)
    .map((u) => ({ ...u, commitment: nodeSha256(commitmentPreimage(u.salt, u.userId)) }))
    .sort(byCommitment);
  const leaves = users.map((u) => leafOf(u.commitment, u.balance, nodeSha256));
  const { root, leafCount } = merkleSumRoot(leaves, nodeSha256);
  const snapshot = {
    id: size,
    takenAt: '2026-11-28T00:00:00.000Z',
    rootHash: root.hash,
    totalCents: Number(root.sum),
    leafCount,
  };
  const proofs = users.map((u, i) => ({
    snapshot,
    userId: u.userId,
    salt: u.salt,
    commitment: u.commitment,
    balanceCents: Number(u.balance),
    path: proofPath(leaves, i, nodeSha256).map((s) => ({ hash: s.hash, sum: Number(s.sum), side: s.side })),
  }));
  return { snapshot, proofs };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pol-vectors-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs the script on the two documents; its exit status and what it printed. */
async function runScript(snapshot: unknown, proof: unknown): Promise<{ code: number; out: string }> {
  const name = Math.random().toString(36).slice(2);
  const files = [path.join(dir, `${name}-snapshot.json`), path.join(dir, `${name}-proof.json`)];
  await writeFile(files[0]!, JSON.stringify(snapshot));
  await writeFile(files[1]!, JSON.stringify(proof));
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...files], (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

describe('server, browser and standalone script agree', () => {
  it.each(VECTORS)('on the root of $size users', async ({ size, root, total }) => {
    const { snapshot, proofs } = snapshotOf(size);
    expect(snapshot.totalCents).toBe(Number(total));
    expect(snapshot.rootHash).toBe(root);
    for (const proof of proofs) {
      const node = await verifyProof(proof, nodeSha256, snapshot);
      const browser = await verifyProof(proof, browserSha256, snapshot);
      expect(node.ok).toBe(true);
      expect(browser).toEqual(node);
      expect(browser.root).toEqual({ hash: snapshot.rootHash, sum: total });
      const script = await runScript(snapshot, proof);
      expect(script.out).toContain('VERIFIED');
      expect(script.code).toBe(0);
    }
  });

  it('on a tampered proof: all three refuse it', async () => {
    const { snapshot, proofs } = snapshotOf(5);
    const honest = proofs[2]!;
    const tampered = [
      { ...honest, balanceCents: honest.balanceCents + 1 },
      { ...honest, userId: honest.userId + 1 },
      { ...honest, path: honest.path.map((s, i) => (i === 1 ? { ...s, sum: s.sum + 1 } : s)) },
      { ...honest, path: honest.path.slice(0, -1) },
      { ...honest, snapshot: { ...snapshot, rootHash: nodeSha256('forged') } },
    ];
    for (const proof of tampered) {
      expect((await verifyProof(proof, nodeSha256, snapshot)).ok).toBe(false);
      expect((await verifyProof(proof, browserSha256, snapshot)).ok).toBe(false);
      const script = await runScript(snapshot, proof);
      expect(script.out).toContain('NOT VERIFIED');
      expect(script.code).toBe(1);
    }
  });

  it('the script refuses to guess when a document is missing or unreadable', async () => {
    const { snapshot } = snapshotOf(2);
    expect((await runScript(snapshot, snapshot)).code).toBe(2);
    const name = path.join(dir, 'not-json.json');
    await writeFile(name, '{');
    const code = await new Promise<number>((resolve) =>
      execFile(process.execPath, [SCRIPT, name, name], (err) => resolve((err as { code?: number } | null)?.code ?? 0)),
    );
    expect(code).toBe(2);
  });
});
