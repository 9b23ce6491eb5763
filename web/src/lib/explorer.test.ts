import { describe, expect, it } from 'vitest';
import { explorerUrl } from './explorer';

const HASH = 'A1075DB55D416D3CA199F55B6084E2115B9345E16C5CF302FC80E9D5FBF5D48D';

describe('explorerUrl', () => {
  it('links a BTC or TRON transaction hash to its explorer', () => {
    expect(explorerUrl('BTC', HASH)).toBe(`https://mempool.space/tx/${HASH.toLowerCase()}`);
    expect(explorerUrl('USDT-TRON', HASH)).toBe(`https://tronscan.org/#/transaction/${HASH.toLowerCase()}`);
  });

  it('links nothing else: a bank reference, a USD payout, a short or odd hash', () => {
    expect(explorerUrl('USD', HASH)).toBeNull();
    expect(explorerUrl('BTC', 'BANK-REF-2291')).toBeNull();
    expect(explorerUrl('BTC', HASH.slice(1))).toBeNull();
    expect(explorerUrl(null, HASH)).toBeNull();
  });
});
