#!/usr/bin/env node
// Verifies a MineVest proof of liabilities with nothing but Node.js (18 or newer): no packages,
// no network. Give it the two JSON documents the site serves, in either order:
//
//   the published snapshot   GET /api/proof-of-liabilities (or /api/proof-of-liabilities/<id>)
//   your proof               GET /api/proof-of-liabilities/me (signed in), or "My proof" → Download
//
//   node verify-liabilities.mjs snapshot.json proof.json
//
// It recomputes your commitment from your salt and user id, your leaf from your balance, and the
// root from the siblings on your path, and checks that it is the root and total the site
// published for everyone. Exit status: 0 verified, 1 not verified, 2 the files could not be read.
//
// The formulas (SHA-256 of UTF-8 text, written as 64 lowercase hex digits):
//   commitment = SHA-256("user|" + salt_hex + "|" + user_id)
//   leaf       = { hash: SHA-256("leaf|" + commitment + "|" + balance_cents), sum: balance_cents }
//   parent     = { hash: SHA-256("node|" + left.hash + "|" + left.sum + "|" + right.hash + "|" + right.sum),
//                  sum: left.sum + right.sum }
//   empty      = { hash: SHA-256("empty"), sum: 0 }   (the partner of a level's odd last node)
//
// This file is deliberately self-contained, so anyone can read all of it before running it. The
// platform's tests hold it to the same results as the site's own code (contract/proof-of-liabilities-tree.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

const HEX64 = /^[0-9a-f]{64}$/;

/** Integer cents as a BigInt, from a JSON number (a safe integer) or a string of digits; else null. */
export function cents(value) {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : null;
  if (typeof value === 'string' && /^-?\d{1,30}$/.test(value)) return BigInt(value);
  return null;
}

export const commitmentOf = (salt, userId) => sha256Hex(`user|${salt}|${userId}`);
export const leafOf = (commitment, balance) => ({ hash: sha256Hex(`leaf|${commitment}|${balance}`), sum: balance });
export const parentOf = (l, r) => ({
  hash: sha256Hex(`node|${l.hash}|${l.sum}|${r.hash}|${r.sum}`),
  sum: l.sum + r.sum,
});
export const EMPTY = { hash: sha256Hex('empty'), sum: 0n };

/** Levels above the leaves in a tree of n leaves: the length of every path. */
function depthOf(n) {
  let depth = 0;
  for (; n > 1; n = Math.ceil(n / 2)) depth += 1;
  return depth;
}

/**
 * Checks `proof` (the /me document) against `published` (the public snapshot). Returns
 * { ok, root, checks: [{ name, ok, detail }] }; never throws on a malformed proof, it fails it.
 */
export function verify(proof, published) {
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok: Boolean(ok), detail });
  const snap = proof?.snapshot ?? {};
  const path = Array.isArray(proof?.path) ? proof.path : null;

  if (typeof proof?.salt === 'string' && Number.isSafeInteger(proof?.userId)) {
    const commitment = commitmentOf(proof.salt, proof.userId);
    check('commitment is SHA-256("user|" + salt + "|" + user id)', commitment === proof.commitment, commitment);
  } else {
    check('commitment is 64 hex digits', HEX64.test(String(proof?.commitment)), proof?.commitment);
  }
  const balance = cents(proof?.balanceCents);
  check(
    'your balance is a whole number of cents, not negative',
    balance !== null && balance >= 0n,
    proof?.balanceCents,
  );

  const sums = path ? path.map((s) => cents(s?.sum)) : [];
  check(
    'every sum on the path is a whole number of cents, not negative',
    path && sums.every((s) => s !== null && s >= 0n),
  );

  // The path must be one a tree of the published leaf count gives some leaf: its length, the
  // position its sides spell, and the empty sibling exactly where that position is a level's odd last node.
  const leafCount = snap.leafCount;
  let shape = null;
  if (!Number.isSafeInteger(leafCount) || leafCount < 1) shape = 'the snapshot has no leaves';
  else if (!path) shape = 'the proof has no path';
  else if (path.length !== depthOf(leafCount))
    shape = `a tree of ${leafCount} leaves has paths of ${depthOf(leafCount)} steps, not ${path.length}`;
  else if (!path.every((s) => (s?.side === 'left' || s?.side === 'right') && HEX64.test(String(s?.hash))))
    shape = 'a step has a side other than left/right or a hash that is not 64 hex digits';
  else {
    let index = path.reduce((i, s, level) => i + (s.side === 'left' ? 2 ** level : 0), 0);
    if (index >= leafCount) shape = `the path leads past the last leaf`;
    for (let level = 0, n = leafCount; !shape && level < path.length; level++) {
      const lastOfOdd = n % 2 === 1 && index === n - 1;
      const empty = path[level].hash === EMPTY.hash && sums[level] === 0n;
      if (lastOfOdd && !(empty && path[level].side === 'right')) shape = `step ${level + 1} should be the empty node`;
      if (!lastOfOdd && empty) shape = `step ${level + 1} is the empty node where a real sibling stands`;
      index = Math.floor(index / 2);
      n = Math.ceil(n / 2);
    }
  }
  check('the path fits a tree of the published leaf count', shape === null, shape ?? `${leafCount} leaves`);

  let root = null;
  if (
    balance !== null &&
    path &&
    sums.every((s) => s !== null) &&
    path.every((s) => s?.side === 'left' || s?.side === 'right')
  ) {
    root = leafOf(proof.commitment, balance);
    path.forEach((step, i) => {
      const sibling = { hash: String(step.hash), sum: sums[i] };
      root = step.side === 'left' ? parentOf(sibling, root) : parentOf(root, sibling);
    });
  }
  check('the path leads to the root hash', root && root.hash === snap.rootHash, root?.hash);
  check('the root sums to the total', root && root.sum === cents(snap.totalCents), root?.sum?.toString());
  const same =
    published &&
    published.id === snap.id &&
    published.rootHash === snap.rootHash &&
    cents(published.totalCents) === cents(snap.totalCents) &&
    published.leafCount === snap.leafCount &&
    (published.takenAt === undefined || snap.takenAt === undefined || published.takenAt === snap.takenAt);
  check('the proof is of the snapshot published for everyone', same, published?.rootHash);
  return { ok: checks.every((c) => c.ok), root, checks };
}

function main(args) {
  if (args.length !== 2) {
    console.error('usage: node verify-liabilities.mjs <snapshot.json> <proof.json>');
    return 2;
  }
  let docs;
  try {
    docs = args.map((file) => JSON.parse(readFileSync(file, 'utf8')));
  } catch (err) {
    console.error(`Could not read the documents: ${err.message}`);
    return 2;
  }
  const proof = docs.find((d) => d && typeof d === 'object' && 'path' in d);
  const published = docs.find((d) => d && typeof d === 'object' && 'rootHash' in d && !('path' in d));
  if (!proof || !published) {
    console.error(
      'Give one published snapshot ({ id, rootHash, totalCents, leafCount }) and one proof ({ snapshot, path, ... }).',
    );
    return 2;
  }
  const report = verify(proof, published);
  for (const c of report.checks)
    console.info(
      `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}${c.detail === undefined || c.detail === null ? '' : `: ${c.detail}`}`,
    );
  console.info(
    report.ok
      ? `VERIFIED: balance ${proof.balanceCents} cents is included in snapshot #${published.id} (root ${published.rootHash}, total ${published.totalCents} cents, ${published.leafCount} balances).`
      : 'NOT VERIFIED: this proof does not lead to the published root.',
  );
  return report.ok ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = main(process.argv.slice(2));
