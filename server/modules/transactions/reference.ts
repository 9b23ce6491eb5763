import { randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U to misread on a receipt. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** An unguessable, human-readable reference like `TX-7K4M-9QZP-2HD8` (60 random bits). */
export function newReferenceNumber(prefix = 'TX'): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g++) {
    let s = '';
    for (let i = 0; i < 4; i++) s += ALPHABET[randomInt(32)];
    groups.push(s);
  }
  return `${prefix}-${groups.join('-')}`;
}

export const REFERENCE_PATTERN = /^[A-Z]{2,3}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
