/**
 * SHA-256 of UTF-8 text as 64 lowercase hex digits, with the browser's own Web Crypto
 * (crypto.subtle): what the proof-of-liabilities pages verify with, so no server code is trusted.
 * crypto.subtle exists only in secure contexts (https, or http on localhost).
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
