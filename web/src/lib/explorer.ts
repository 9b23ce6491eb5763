/**
 * A block explorer's page for a payout's transaction hash, when the hash is one (64 hex digits) on a chain the
 * platform pays on: BTC on mempool.space, USDT-TRON on Tronscan. A bank reference or anything else has none.
 */
export function explorerUrl(currency: string | null, reference: string): string | null {
  if (!/^[0-9a-fA-F]{64}$/.test(reference)) return null;
  if (currency === 'BTC') return `https://mempool.space/tx/${reference.toLowerCase()}`;
  if (currency === 'USDT-TRON') return `https://tronscan.org/#/transaction/${reference.toLowerCase()}`;
  return null;
}
