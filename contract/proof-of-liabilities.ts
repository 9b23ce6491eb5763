import { z } from 'zod';
import { fill } from './fill';
import { zIdParam } from './pagination';
import { route } from './route';

/**
 * Proof of liabilities: a Merkle sum tree over every user's total balance (available + invested +
 * withdrawal hold) at one instant, published daily and on demand. The tree itself is
 * contract/proof-of-liabilities-tree.ts; these are its documents on the wire. Cents travel as JSON
 * integers (safe integers), exactly as they enter the hashes.
 */

const zHex64 = z.string().regex(/^[0-9a-f]{64}$/);
const zCentsOut = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** A published snapshot: what everyone sees, and what every investor's proof must lead to. */
export const zLiabilitySnapshot = z.object({
  id: z.number().int(),
  /** The instant the balances were read (ISO). */
  takenAt: z.string(),
  rootHash: zHex64,
  /** The sum of every balance in the tree, in cents: the operator's published liabilities. */
  totalCents: zCentsOut,
  /** How many balances (users) the tree holds, zero balances included. */
  leafCount: z.number().int().nonnegative(),
});
export type LiabilitySnapshot = z.infer<typeof zLiabilitySnapshot>;

/** A sibling on the way from a leaf to the root; `side` is the side it stands on. */
export const zPathStep = z.object({ hash: zHex64, sum: zCentsOut, side: z.enum(['left', 'right']) });
export type ProofPathStep = z.infer<typeof zPathStep>;

/** GET /api/proof-of-liabilities/me: an investor's own proof, with their salt (shown only to them). */
export const zMyLiabilityProof = z.object({
  snapshot: zLiabilitySnapshot,
  /** The investor's id: the commitment is SHA-256("user|" + salt + "|" + userId). */
  userId: z.number().int(),
  salt: zHex64,
  commitment: zHex64,
  balanceCents: zCentsOut,
  path: z.array(zPathStep),
});
export type MyLiabilityProof = z.infer<typeof zMyLiabilityProof>;

/**
 * A proof as someone pastes it into the Verify page: only its shape is required here, so a proof
 * whose numbers were tampered with (a negative or fractional sum, a wrong side) still reaches the
 * verifier and is reported as failing there, check by check, instead of as unreadable.
 */
export const zProofDocument = z.object({
  snapshot: z.object({
    id: z.number(),
    takenAt: z.string().optional(),
    rootHash: z.string(),
    totalCents: z.union([z.number(), z.string()]),
    leafCount: z.number(),
  }),
  userId: z.number().optional(),
  salt: z.string().optional(),
  commitment: z.string(),
  balanceCents: z.union([z.number(), z.string()]),
  path: z.array(z.object({ hash: z.string(), sum: z.union([z.number(), z.string()]), side: z.string() })),
});
export type ProofDocument = z.infer<typeof zProofDocument>;

export const zMyProofQuery = z.object({
  /** A snapshot's id; the latest when absent. */
  snapshot: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** POST /api/proof-of-liabilities/snapshots */
export const zPublishedSnapshot = z.object({ message: z.string(), snapshot: zLiabilitySnapshot });

export const LiabilitiesMsg = {
  noneYet: 'No proof of liabilities has been published yet',
  notFound: 'Proof of liabilities snapshot not found',
  notIncluded: 'You were not in this snapshot: your account was opened after it was taken',
  unsalted: (n: number) => fill('Not published: {{n}} users have no proof-of-liabilities salt', { n }),
  negative: (n: number) => fill('Not published: {{n}} users have a negative balance', { n }),
  published: (id: number, leafCount: number) =>
    fill('Proof of liabilities #{{id}} published over {{leafCount}} balances', { id, leafCount }),
} as const;

export const proofOfLiabilitiesApi = {
  latest: route({
    method: 'GET',
    path: '/proof-of-liabilities',
    tag: 'proof-of-liabilities',
    summary: 'The latest published proof of liabilities: root hash, total and number of balances (public)',
    access: 'public',
    response: zLiabilitySnapshot,
    errors: ['NOT_FOUND'],
  }),
  mine: route({
    method: 'GET',
    path: '/proof-of-liabilities/me',
    tag: 'proof-of-liabilities',
    summary:
      "The caller's proof in a snapshot (the latest unless ?snapshot=id): salt, commitment, balance and the path to the root",
    access: 'user',
    query: zMyProofQuery,
    response: zMyLiabilityProof,
    errors: ['NOT_FOUND'],
  }),
  byId: route({
    method: 'GET',
    path: '/proof-of-liabilities/:id',
    tag: 'proof-of-liabilities',
    summary: 'One published proof of liabilities by id (public)',
    access: 'public',
    params: zIdParam,
    response: zLiabilitySnapshot,
    errors: ['NOT_FOUND'],
  }),
  publish: route({
    method: 'POST',
    path: '/proof-of-liabilities/snapshots',
    tag: 'proof-of-liabilities',
    summary: 'Take and publish a proof of liabilities now (admin; the daily job does the same)',
    access: 'admin',
    response: zPublishedSnapshot,
    status: [201],
    errors: ['CONFLICT'],
  }),
};
