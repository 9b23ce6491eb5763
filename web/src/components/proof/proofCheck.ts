import type { LiabilitySnapshot, ProofDocument } from '@contract/proof-of-liabilities';
import { verifyProof, type ProofReport } from '@contract/proof-of-liabilities-tree';
import { sha256Hex } from '../../lib/sha256';

/** Web Crypto's digest exists only in a secure context (https, or http on localhost). */
export const canHash = (): boolean => typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function';

/**
 * Checks a proof in this browser with its own SHA-256 (crypto.subtle), against the snapshot the
 * site publishes for everyone (null when the site does not publish the one the proof names).
 */
export function checkProof(proof: ProofDocument, published: LiabilitySnapshot | null): Promise<ProofReport> {
  return verifyProof(proof, sha256Hex, published ?? { id: NaN, rootHash: '', totalCents: null, leafCount: NaN });
}

/** Saves a JSON document as a file the visitor downloads. */
export function downloadJson(fileName: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
